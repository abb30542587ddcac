import type { Message } from '@desk/api-client'
import { useMessageMutations, useMessages, useSession, useTicket } from '@desk/api-client/hooks'
import { ConfirmDialog, Conversation, LoadError, useNotify } from '@desk/ui'
import { useEffect, useMemo, useState } from 'react'
import { isAppleDevice, withMp3Audio } from '../../lib/appleAudio'
import { useDraftReply } from '../../lib/drafts'
import { asUiError } from '../../lib/errors'
import { useT } from '../../lib/useT'
import { useNavigate } from '../../routes/navigation'
import { ComposerWithNotes } from './internal/ComposerWithNotes'
import { ContactPanel } from './internal/ContactPanel'
import { ConversationToolsFlow } from './internal/ConversationToolsFlow'
import { TicketBots } from './internal/TicketBots'
import { TicketLaneSelector } from './internal/TicketLaneSelector'
import { TransferFlow } from './internal/TransferFlow'
import { useConversationActions } from './internal/useConversationActions'
import { useEscapeKey } from './internal/useEscapeKey'
import { AUDIO_RATE_KEY, isRate, useStoredState } from './internal/useStoredState'

export interface ConversationPanelProps {
  ticketId: number
  /** Escape closes the conversation: back to the list. Defaults to going to /tickets. */
  onClose?: () => void
}

/** /tickets/:ticketId: the header's transitions, the live message list, the input, the contact drawer and dialogs. */
export function ConversationPanel({ ticketId, onClose }: ConversationPanelProps) {
  const t = useT()
  const notify = useNotify()
  const navigate = useNavigate()
  const { isAdmin } = useSession()
  const { ticket, error, isLoading: isTicketLoading, deleted, reload } = useTicket(ticketId)
  // Reading the newest messages marks the ticket read: they wait for the ticket, whose unread count as it was
  // on opening places the unread divider (the panel is mounted once a ticket).
  const chat = useMessages(ticket ? ticketId : null)
  const [unreadOnOpen, setUnreadOnOpen] = useState<number>()
  if (ticket && unreadOnOpen === undefined) setUnreadOnOpen(ticket.unreadMessages)
  const { remove: removeMessage } = useMessageMutations(ticketId)
  const actions = useConversationActions(ticket)
  const [rate, setRate] = useStoredState(AUDIO_RATE_KEY, 1, isRate)
  const [drawerOpen, setDrawerOpen] = useState(false)
  // The message being replied to is part of the ticket's draft: it is still there when the agent comes back.
  const [replyTo, setReplyTo] = useDraftReply(ticketId)
  const [transferOpen, setTransferOpen] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [deletingMessage, setDeletingMessage] = useState<Message | null>(null)
  // A message refused for the reply window offers "Send a template": the composer then shows the picker.
  const [templateWanted, setTemplateWanted] = useState(false)
  // Apple devices play the server's MP3 copy of Ogg voice notes (spec: they receive mp3 instead of ogg).
  const [appleDevice] = useState(() => isAppleDevice())
  const shown = useMemo(() => (appleDevice ? withMp3Audio(chat.messages) : chat.messages), [appleDevice, chat.messages])

  // Escape closes the contact panel, then cancels the reply, and then closes the conversation (back to the
  // list); the draft stays with the ticket.
  useEscapeKey(() => {
    if (drawerOpen) setDrawerOpen(false)
    else if (replyTo) setReplyTo(null)
    else if (onClose) onClose()
    else navigate('/tickets')
  })

  // Deleted elsewhere: say so and leave (spec §4, conversation rules).
  useEffect(() => {
    if (!deleted) return
    notify.success('toasts.ticketDeleted')
    navigate('/tickets')
  }, [deleted, notify, navigate])

  // A ticket that failed to load, or that this user may no longer see, is not shown; a failed refresh
  // of one on screen keeps it, with the reason and Retry above it.
  const gone = error && (!ticket || error.status === 403 || error.status === 404)
  const retryTicket = () => void reload()
  if (gone) return <LoadError error={asUiError(error)} onRetry={retryTicket} isRetrying={isTicketLoading} />
  if (!ticket) return <div style={fill} aria-busy />

  const confirmMessageDelete = async () => {
    if (!deletingMessage) return
    try {
      await removeMessage(deletingMessage.id)
    } catch (err) {
      notify.error(asUiError(err))
    }
    setDeletingMessage(null)
  }

  return (
    <div style={row}>
      <div style={fill}>
        <Conversation.Root>
          <ConversationToolsFlow
            ticket={ticket}
            header={(tools) => (
              <Conversation.Header
                contact={ticket.contact}
                channel={ticket.whatsapp?.driver}
                status={ticket.status}
                assignedTo={ticket.user?.name}
                onBack={() => navigate('/tickets')}
                onContactClick={() => setDrawerOpen((open) => !open)}
                onAccept={actions.accept}
                onReturn={actions.giveBack}
                onResolve={actions.resolve}
                onReopen={actions.reopen}
                onTransfer={() => setTransferOpen(true)}
                onDelete={() => setDeleting(true)}
                canDelete={isAdmin}
                isBusy={actions.busy}
                tools={tools}
                laneSelector={ticket.status === 'open' ? <TicketLaneSelector ticketId={ticket.id} /> : undefined}
              />
            )}
          />
          {!ticket.isGroup && <TicketBots ticketId={ticket.id} />}
          {error && <LoadError variant="inline" error={asUiError(error)} onRetry={retryTicket} />}
          <Conversation.MessageList
            messages={shown}
            isGroup={ticket.isGroup}
            hasMore={chat.hasMore}
            isLoading={chat.isLoading || chat.isLoadingMore}
            onLoadOlder={chat.loadOlder}
            unreadCount={unreadOnOpen}
            error={chat.error ? asUiError(chat.error) : null}
            onRetry={() => void chat.retry()}
            onReply={(m) => setReplyTo(chat.messages.find((x) => x.id === m.id) ?? null)}
            onDelete={(m) => setDeletingMessage(chat.messages.find((x) => x.id === m.id) ?? null)}
            playbackRate={rate}
            onPlaybackRateChange={setRate}
            onStartChat={actions.startChat}
            onSendTemplate={
              ticket.status === 'open' && ticket.whatsapp?.driver === 'cloud-api'
                ? () => setTemplateWanted(true)
                : undefined
            }
          />
          <ComposerWithNotes
            key={ticket.id}
            ticket={ticket}
            replyTo={replyTo}
            onReplyDone={() => setReplyTo(null)}
            templateWanted={templateWanted}
            onTemplateSent={() => setTemplateWanted(false)}
          />
        </Conversation.Root>
      </div>
      <ContactPanel
        contactId={ticket.contactId}
        ticketStatus={ticket.status}
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
      />
      <TransferFlow
        ticket={ticket}
        open={transferOpen}
        onClose={() => setTransferOpen(false)}
        canChooseConnection={isAdmin}
      />
      <ConfirmDialog
        open={deleting}
        destructive
        title={t('tickets.deleteTitle', { name: ticket.contact.name })}
        isConfirming={actions.busy}
        onConfirm={async () => {
          if (await actions.remove()) setDeleting(false)
        }}
        onClose={() => setDeleting(false)}
      >
        {t('tickets.deleteBody')}
      </ConfirmDialog>
      <ConfirmDialog
        open={deletingMessage !== null}
        destructive
        title={t('conversation.deleteMessageTitle')}
        onConfirm={confirmMessageDelete}
        onClose={() => setDeletingMessage(null)}
      >
        {t('conversation.deleteMessageBody')}
      </ConfirmDialog>
    </div>
  )
}

// Layout only: the conversation takes the width the contact drawer leaves.
const row = { display: 'flex', height: '100%', minHeight: 0, minWidth: 0 } as const
const fill = { flex: 1, minWidth: 0, height: '100%' } as const
