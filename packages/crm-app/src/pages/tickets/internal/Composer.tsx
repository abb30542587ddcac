import type { Message, Ticket } from '@desk/api-client'
import { useMessageMutations, useQuickAnswers, useSession } from '@desk/api-client/hooks'
import { Conversation, type QuotedMessageData, ReplyWindowNotice, useNotify } from '@desk/ui'
import { useMemo, useRef } from 'react'
import { clearDraft, useDraft } from '../../../lib/drafts'
import { asUiError } from '../../../lib/errors'
import { useRecorder } from '../../../lib/recorder'
import { useDebouncedValue } from '../../../lib/useDebouncedValue'
import { useT } from '../../../lib/useT'
import { fillQuickAnswer, signed } from './quickAnswerText'
import { TemplateComposer } from './TemplateComposer'
import { useReplyWindow } from './useReplyWindow'
import { isBoolean, SIGN_KEY, useStoredState } from './useStoredState'

export interface ComposerProps {
  ticket: Ticket
  /** The message being replied to, chosen in the list. */
  replyTo: Message | null
  onReplyDone: () => void
  /** A failed message's "Send a template" asked for the template picker, whatever the window looks like. */
  templateWanted?: boolean
  /** The template asked for went out. */
  onTemplateSent?: () => void
}

/**
 * The message input of a conversation: text (signed with the agent's name unless switched
 * off, remembered as `signOption`), files sent on Send with the text as caption, voice notes, quick answers on a leading `/` with their
 * placeholders filled for this ticket, and replies. What is not sent yet stays as the ticket's draft (see `drafts`).
 * Only an open ticket takes messages.
 */
export function Composer({ ticket, replyTo, onReplyDone, templateWanted, onTemplateSent }: ComposerProps) {
  const t = useT()
  const notify = useNotify()
  const { user } = useSession()
  // The text and chosen files are the ticket's draft: kept when the agent leaves the ticket, gone once sent.
  // Files wait for Send; the text then goes as the first one's caption.
  const [{ text, files }, updateDraft] = useDraft(ticket.id)
  const setText = (next: string) => updateDraft({ text: next })
  const [sign, setSign] = useStoredState(SIGN_KEY, true, isBoolean)
  const { sendText, sendMedia } = useMessageMutations(ticket.id)
  const slash = text.startsWith('/') ? text.slice(1).trim() : null
  const shortcut = useDebouncedValue(slash, 300)
  const {
    quickAnswers,
    error: quickAnswersError,
    reload: reloadQuickAnswers,
  } = useQuickAnswers({
    searchParam: shortcut ?? '',
  })
  // Recorder notices are message ids, not server error codes (those are looked up as `errors.<code>`):
  // translate them here; the id stays the toast's code so a repeat replaces the toast.
  const recorder = useRecorder({ onNotice: (id) => notify.error({ code: id, message: t(id) }) })
  // Instagram and the Cloud API: until when the agent may answer, and what to do once they may not.
  const window = useReplyWindow(ticket)
  const channel = ticket.whatsapp?.driver === 'cloud-api' ? 'cloud-api' : 'instagram'
  const windowNotice = window ? <ReplyWindowNotice window={window} channel={channel} /> : null
  // A refusal the desk did not foresee (a late webhook, the Graph API's own 131047) asks for a template by hand.
  const wantsTemplate = Boolean(templateWanted) && channel === 'cloud-api' && ticket.status === 'open'
  const closed = window?.state === 'closed' || wantsTemplate

  const filled = useMemo(() => {
    if (slash === null) return []
    const source = {
      ticket,
      userName: user?.name ?? '',
      now: new Date(),
      greetings: {
        morning: t('placeholders.morning'),
        afternoon: t('placeholders.afternoon'),
        evening: t('placeholders.evening'),
      },
    }
    return quickAnswers.map((qa) => ({
      id: qa.id,
      shortcut: qa.shortcut,
      message: fillQuickAnswer(qa.message, source),
    }))
  }, [slash, quickAnswers, ticket, user?.name, t])

  const quoted: QuotedMessageData | null = replyTo
    ? {
        id: replyTo.id,
        body: replyTo.body,
        fromMe: replyTo.fromMe,
        mediaType: replyTo.mediaType,
        mediaName: replyTo.mediaName,
        contact: replyTo.contact,
      }
    : null

  // Enter pressed twice while the first send is on its way sends once.
  const sending = useRef(false)
  const send = async (value: string) => {
    if (sending.current) return
    sending.current = true
    try {
      if (files.length) await sendMedia(files, { body: value.trim(), quotedMsgId: replyTo?.id ?? null })
      else await sendText({ body: signed(value.trim(), user?.name, sign), quotedMsg: replyTo })
      clearDraft(ticket.id)
    } catch (error) {
      notify.error(asUiError(error))
    } finally {
      sending.current = false
    }
  }
  const sendRecording = async () => {
    // Null when too short (under 10000 bytes) or failed; the recorder has told the user why.
    const file = await recorder.stop()
    if (!file) return
    try {
      await sendMedia([file], { quotedMsgId: replyTo?.id ?? null })
      onReplyDone()
    } catch (error) {
      notify.error(asUiError(error))
    }
  }

  return (
    <Conversation.Input
      value={text}
      onChange={setText}
      onSend={send}
      disabled={ticket.status !== 'open'}
      sign={sign}
      onSignChange={setSign}
      onAttach={(chosen) => updateDraft({ files: [...files, ...chosen] })}
      attachments={files}
      onRemoveAttachment={(index) => updateDraft({ files: files.filter((_, i) => i !== index) })}
      quickAnswers={filled}
      quickAnswersError={quickAnswersError ? asUiError(quickAnswersError) : null}
      onQuickAnswersRetry={() => void reloadQuickAnswers()}
      replyTo={quoted}
      onCancelReply={onReplyDone}
      onRecordStart={() => void recorder.start()}
      isRecording={recorder.isRecording}
      recordingSeconds={recorder.seconds}
      recordingBusy={recorder.status === 'encoding'}
      onRecordCancel={recorder.cancel}
      onRecordSend={() => void sendRecording()}
      notice={closed ? null : windowNotice}
      closedWindow={
        closed ? (
          <>
            {windowNotice}
            {/* On the Cloud API only a template goes once the window has closed: the picker takes the input's place. */}
            {channel === 'cloud-api' && ticket.status === 'open' ? (
              <TemplateComposer ticket={ticket} onSent={onTemplateSent} />
            ) : null}
          </>
        ) : null
      }
    />
  )
}
