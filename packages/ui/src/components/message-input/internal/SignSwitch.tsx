import { SwitchButton } from '../../../internal/SwitchButton'
import { useT } from '../../../internal/useT'

interface SignSwitchProps {
  checked: boolean
  onChange?: (checked: boolean) => void
  disabled?: boolean
}

/** "Sign": when on, the sender's name goes in bold above each message. */
export function SignSwitch(props: SignSwitchProps) {
  const t = useT()
  return <SwitchButton label={t('input.sign')} {...props} />
}
