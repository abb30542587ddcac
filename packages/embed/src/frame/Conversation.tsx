import type { WidgetQuickAnswer } from '@desk/api-client/contract'
import { WidgetPanel } from '@desk/ui'
import { useEffect, useState } from 'react'
import type { WidgetState } from './model/state'
import type { WidgetStore } from './model/store'
import { panelMessages } from './toPanel'
import { useAttachments } from './useAttachments'

export interface ConversationProps {
  store: WidgetStore
  state: WidgetState
  /** Only the composer (the offline notice stands where the list would be). */
  hideList?: boolean
}

/** The conversation and its composer; in agent mode quick answers on `/`, read-only when not the assignee. */
export function Conversation({ store, state, hideList = false }: ConversationProps) {
  const [draft, setDraft] = useState('')
  const files = useAttachments()
  const [quickAnswers, setQuickAnswers] = useState<WidgetQuickAnswer[]>([])
  const mode = state.session?.mode ?? 'customer'
  const sending = state.pending.some((p) => p.status === 'sending')
  useEffect(() => {
    if (mode !== 'agent') setQuickAnswers([])
  }, [mode])
  return (
    <>
      {!hideList && (
        <WidgetPanel.MessageList
          messages={panelMessages(state.messages, state.pending, mode)}
          mode={mode}
          hasMore={state.hasMore}
          isLoadingEarlier={state.loadingOlder}
          onLoadEarlier={() => void store.loadOlder()}
          onResend={(message) => typeof message.id === 'string' && void store.retry(message.id)}
        />
      )}
      <WidgetPanel.Composer
        value={draft}
        onChange={setDraft}
        onSend={(text) => {
          void store.send(text, files.take())
          setDraft('')
        }}
        attachments={files.attachments}
        onAttach={files.add}
        onRemoveAttachment={files.remove}
        sending={sending}
        canReply={state.session?.canReply ?? true}
        quickAnswers={mode === 'agent' ? quickAnswers : undefined}
        onQuickAnswerSearch={
          mode === 'agent'
            ? (search) => void store.quickAnswers(search).then(setQuickAnswers, () => setQuickAnswers([]))
            : undefined
        }
      />
    </>
  )
}
