import { CHATBOT_URL_SETTING } from '@desk/api-client'
import { useSession, useSettings } from '@desk/api-client/hooks'
import { FramePage } from '@desk/ui'
import { useT } from '../../lib/useT'
import { useNavigate } from '../../routes/navigation'
import { FrameAddress } from './FrameAddress'

/** The chatbot app's frame is 800 px high (seed 001 §9). */
export const CHATBOT_FRAME_HEIGHT = 800

/** /ZDGChatbot: the chatbot app an administrator set, in a sandboxed frame; without one, where to go instead. */
export default function ChatbotPage() {
  const t = useT()
  const navigate = useNavigate()
  const { isAdmin } = useSession()
  const { valueOf: settingOf, settings } = useSettings()
  if (!settings) return null
  return (
    <FramePage
      title={t('frames.chatbotTitle')}
      src={settingOf(CHATBOT_URL_SETTING) || null}
      height={CHATBOT_FRAME_HEIGHT}
      emptyTitle={t('frames.chatbotMissing')}
      emptyDescription={t('frames.chatbotMissingHint')}
      // The Bots page is for administrators.
      emptyActionLabel={isAdmin ? t('frames.goToBots') : undefined}
      onEmptyAction={() => navigate('/bots')}
    >
      {isAdmin && <FrameAddress settingKey={CHATBOT_URL_SETTING} />}
    </FramePage>
  )
}
