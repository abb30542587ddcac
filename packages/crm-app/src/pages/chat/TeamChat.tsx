import type { ChatMessage } from '@desk/api-client'
import { useApiClient, useChatChannels, useChatMessages, useSession } from '@desk/api-client/hooks'
import { ChatView, PageContainer, useNotify } from '@desk/ui'
import { lazy, type ReactNode, useEffect, useRef, useState } from 'react'
import { asUiError } from '../../lib/errors'
import { OnceOpened } from '../../lib/OnceOpened'
import { useDebouncedValue } from '../../lib/useDebouncedValue'
import { useNavigate } from '../../routes/navigation'

/** The channel form, downloaded (with the form library) when an administrator first opens it. */
const ChannelModal = lazy(() =>
  import('@desk/ui/components/channel-modal').then(({ ChannelModal }) => ({ default: ChannelModal })),
)

/** `#1234 look at this` shares ticket 1234 with the text after it. */
export const sharedTicket = (text: string): { ticketId?: number; body: string } => {
  const match = /^#(\d{1,10})(?:\s+|$)/.exec(text.trim())
  return match ? { ticketId: Number(match[1]), body: text.trim().slice(match[0].length) } : { body: text.trim() }
}

/**
 * The desk's team chat: the caller's channels (general, their queues', direct messages and an admin's
 * channels) with unread counts, the open channel's messages live, search, files, emoji and mentions.
 */
export function TeamChat({ adminForm }: { adminForm?: ReactNode }) {
  const client = useApiClient()
  const notify = useNotify()
  const navigate = useNavigate()
  const { user, isAdmin } = useSession()
  // An administrator's channel form: a new channel (null) or the one being changed.
  const [editing, setEditing] = useState<{ id: number | null } | null>(null)
  const [savingChannel, setSavingChannel] = useState(false)
  const { channels, reload } = useChatChannels()
  // A mention in the bell opens its channel (`?channel=`).
  const [activeId, setActiveId] = useState<number | null>(
    () => Number(new URLSearchParams(window.location.search).get('channel')) || null,
  )
  const [search, setSearch] = useState('')
  const debounced = useDebouncedValue(search, 300) ?? ''
  const chat = useChatMessages(activeId, { search: debounced })
  const [drafts, setDrafts] = useState<Record<number, string>>({})
  const [files, setFiles] = useState<File[]>([])
  const sending = useRef(false)

  // The general channel opens first on a wide screen; a narrow one starts on the list.
  useEffect(() => {
    if (activeId === null && channels.length && window.matchMedia?.('(min-width: 48em)').matches) {
      setActiveId(channels[0]?.id ?? null)
    }
  }, [activeId, channels])

  const active = channels.find((c) => c.id === activeId)
  const general = channels.find((c) => c.kind === 'general')
  const draft = activeId === null ? '' : (drafts[activeId] ?? '')
  const setDraft = (value: string) => activeId !== null && setDrafts((all) => ({ ...all, [activeId]: value }))

  const send = async (text: string) => {
    if (sending.current || activeId === null) return
    sending.current = true
    try {
      if (files.length) await chat.sendFiles(files, text.trim())
      else {
        const { ticketId, body } = sharedTicket(text)
        await chat.send(body, ticketId)
      }
      setFiles([])
      setDraft('')
    } catch (error) {
      notify.error(asUiError(error))
    } finally {
      sending.current = false
    }
  }

  const startDirect = async (userId: number) => {
    try {
      const channel = await client.chat.direct(userId)
      await reload()
      setActiveId(channel.id)
    } catch (error) {
      notify.error(asUiError(error))
    }
  }

  const edited = editing?.id ? channels.find((c) => c.id === editing.id) : undefined
  const saveChannel = async (values: { name: string; userIds: number[] }) => {
    setSavingChannel(true)
    try {
      const saved = edited
        ? await client.chat.updateChannel(edited.id, values)
        : await client.chat.createChannel(values)
      await reload()
      setActiveId(saved.id)
      setEditing(null)
    } catch (error) {
      notify.error(asUiError(error))
    } finally {
      setSavingChannel(false)
    }
  }

  return (
    <PageContainer maxWidth="full">
      <div style={{ height: 'calc(100dvh - 8rem)', minHeight: '24rem' }}>
        <ChatView
          channels={channels}
          activeChannelId={activeId}
          onSelectChannel={(id) => {
            setActiveId(id)
            setSearch('')
            setFiles([])
          }}
          onCloseChannel={() => setActiveId(null)}
          people={(general?.members ?? []).filter((m) => m.id !== user?.id)}
          onStartDirect={(id) => void startDirect(id)}
          meId={user?.id ?? null}
          members={active?.members ?? []}
          messages={chat.messages as ChatMessage[]}
          hasMore={chat.hasMore}
          isLoading={chat.isLoading || chat.isLoadingMore}
          onLoadOlder={() => void chat.loadOlder()}
          error={chat.error ? asUiError(chat.error) : null}
          onRetry={() => void chat.retry()}
          search={search}
          onSearchChange={setSearch}
          draft={draft}
          onDraftChange={setDraft}
          onSend={(text) => void send(text)}
          onAttach={(chosen) => setFiles((all) => [...all, ...chosen])}
          attachments={files}
          onRemoveAttachment={(index) => setFiles((all) => all.filter((_, i) => i !== index))}
          onOpenTicket={(id) => navigate(`/tickets/${id}`)}
          onNewChannel={isAdmin ? () => setEditing({ id: null }) : undefined}
          onEditChannel={isAdmin ? (id) => setEditing({ id }) : undefined}
        />
      </div>
      <OnceOpened open={editing !== null}>
        <ChannelModal
          open={editing !== null}
          people={general?.members ?? []}
          initialValues={edited ? { name: edited.name, userIds: edited.members.map((m) => m.id) } : undefined}
          onSubmit={(values) => void saveChannel(values)}
          onClose={() => setEditing(null)}
          isSubmitting={savingChannel}
        />
      </OnceOpened>
      {adminForm}
    </PageContainer>
  )
}
