import { NativeSelect } from '@chakra-ui/react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { FormField } from '../../../internal/FormField'
import { useT } from '../../../internal/useT'

/** A telephony connection the page may send from. */
export interface TelephonySender {
  /** The contract's `from`: the connection's number (E.164) or its Messaging Service SID. */
  from: string
  /** The connection's name. */
  name: string
  /** `CONNECTED` or another connection status; only connected senders can be chosen. */
  status: string
}

interface SenderFieldProps {
  senders: TelephonySender[]
  field: UseFormRegisterReturn<'from'>
  error?: string
}

/** The sender: one select of the telephony connections (a disconnected one is listed, not chosen). */
export function SenderField({ senders, field, error }: SenderFieldProps) {
  const t = useT()
  return (
    <FormField
      label={t('telephonySend.sender')}
      helperText={senders.length === 0 ? t('telephonySend.noSenders') : t('telephonySend.senderHelp')}
      error={error}
      required
    >
      <NativeSelect.Root>
        <NativeSelect.Field {...field}>
          <option value="">{t('telephonySend.chooseSender')}</option>
          {senders.map((s) => (
            <option key={s.from} value={s.from} disabled={s.status !== 'CONNECTED'}>
              {t(s.status === 'CONNECTED' ? 'telephonySend.senderOption' : 'telephonySend.senderOffline', {
                name: s.name,
                from: s.from,
              })}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  )
}
