import { INTERNAL_CHAT_URL_SETTING } from '@desk/api-client'
import { useSession, useSettings } from '@desk/api-client/hooks'
import { FramePage } from '@desk/ui'
import { useT } from '../../lib/useT'
import { FrameAddress } from './FrameAddress'
import { TeamChat } from './TeamChat'

/**
 * /ZDGChatInterno: the desk's own team chat; or, when an administrator set an external chat's
 * address (the seed's way), that address in a frame.
 */
export default function InternalChatPage() {
  const t = useT()
  const { isAdmin } = useSession()
  const { valueOf: settingOf, settings } = useSettings()
  if (!settings) return null
  const external = settingOf(INTERNAL_CHAT_URL_SETTING) ?? ''
  const form = isAdmin ? <FrameAddress settingKey={INTERNAL_CHAT_URL_SETTING} /> : null
  if (external) {
    return (
      <FramePage title={t('frames.chatTitle')} src={external}>
        {form}
      </FramePage>
    )
  }
  return <TeamChat adminForm={form} />
}
