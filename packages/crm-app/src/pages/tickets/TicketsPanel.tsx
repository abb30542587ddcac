import { useTags, useTicket, useTicketMutations } from '@desk/api-client/hooks'
import {
  ConfirmDialog,
  TicketList,
  type TicketListHandle,
  type TicketListItemTicket,
  TicketsManager,
  useNotify,
} from '@desk/ui'
import { type Ref, useEffect, useMemo, useRef, useState } from 'react'
import { useDraftPreviews } from '../../lib/drafts'
import { asUiError } from '../../lib/errors'
import { useT } from '../../lib/useT'
import { useNavigate } from '../../routes/navigation'
import { NewTicketFlow } from './internal/NewTicketFlow'
import { useTicketLists } from './internal/useTicketLists'

export interface TicketsPanelProps {
  /** The ticket whose conversation is open. */
  selectedId?: number
  /** The list, for the page to move the focus into it. */
  listRef?: Ref<TicketListHandle>
}

/** The left side of /tickets: tabs, filters and the live list, with accept, view, close, new ticket and close all. */
export function TicketsPanel({ selectedId, listRef }: TicketsPanelProps) {
  const t = useT()
  const notify = useNotify()
  const navigate = useNavigate()
  const lists = useTicketLists()
  const { tags } = useTags()
  const tagFilter = useMemo(
    () => tags?.filter((tag): tag is typeof tag & { id: number } => tag.id !== undefined),
    [tags],
  )
  const actions = useTicketMutations()
  const [newTicketOpen, setNewTicketOpen] = useState(false)
  const [closingAll, setClosingAll] = useState(false)
  const [isBusy, setBusy] = useState(false)
  const { list } = lists
  // "Draft:" on the tickets the agent left something unsent in; the open one shows it in its composer.
  const drafts = useDraftPreviews(selectedId)
  const searching = lists.tab === 'search'
  // The open conversation's ticket: accepted (or reopened) from its header, the list follows it.
  const { ticket: selected } = useTicket(selectedId)
  const seen = useRef<{ id: number; status: string } | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows a change of the selected ticket's status only.
  useEffect(() => {
    if (!selected) return
    const before = seen.current
    seen.current = { id: selected.id, status: selected.status }
    if (before?.id === selected.id && before.status !== selected.status) lists.follow(selected)
  }, [selected?.id, selected?.status])

  const run = async (action: () => Promise<{ id: number; status: string; isGroup?: boolean }>) => {
    try {
      const ticket = await action()
      lists.follow(ticket)
      // After an action: the conversation when the ticket is now open, else the list.
      navigate(ticket.status === 'open' ? `/tickets/${ticket.id}` : '/tickets')
    } catch (error) {
      notify.error(asUiError(error))
    }
  }
  const view = async (ticket: TicketListItemTicket) => {
    try {
      await actions.view(ticket.id)
      navigate(`/tickets/${ticket.id}`)
    } catch (error) {
      notify.error(asUiError(error))
    }
  }
  const closeAll = async () => {
    setBusy(true)
    try {
      const { closed } = await actions.closeAll(lists.isAdmin && lists.showAll)
      notify.success('tickets.closedAll', { count: closed })
      setClosingAll(false)
      navigate('/tickets')
    } catch (error) {
      notify.error(asUiError(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <TicketsManager
        tab={lists.tab}
        onTabChange={lists.setTab}
        subTab={lists.subTab}
        onSubTabChange={lists.setSubTab}
        counts={lists.counts}
        search={lists.search}
        onSearchChange={lists.setSearch}
        onNewTicket={() => setNewTicketOpen(true)}
        onCloseAll={() => setClosingAll(true)}
        canShowAll={lists.isAdmin}
        showAll={lists.showAll}
        onShowAllChange={lists.setShowAll}
        queues={lists.queues}
        selectedQueueIds={lists.queueIds}
        onSelectedQueueIdsChange={lists.setQueueIds}
        tags={tagFilter}
        selectedTagIds={lists.tagIds}
        onSelectedTagIdsChange={lists.setTagIds}
      >
        <TicketList
          ref={listRef}
          tickets={list.tickets}
          selectedId={selectedId}
          drafts={drafts}
          isLoading={list.isLoading || list.isLoadingMore}
          hasMore={list.hasMore}
          onLoadMore={list.loadMore}
          error={list.error ? asUiError(list.error) : null}
          onReload={() => void list.reload()}
          onOpen={(ticket) => navigate(`/tickets/${ticket.id}`)}
          onAccept={(ticket) => run(() => actions.accept(ticket.id))}
          onView={view}
          onClose={(ticket) => run(() => actions.resolve(ticket.id))}
          highlight={searching ? lists.searchParam : undefined}
          // Nothing searched yet: say what to do rather than that nothing was found.
          emptyTitle={searching && !lists.searchParam ? t('tickets.searchStart') : undefined}
          emptyMessage={searching && !lists.searchParam ? t('tickets.searchStartHint') : undefined}
        />
      </TicketsManager>
      <NewTicketFlow open={newTicketOpen} onClose={() => setNewTicketOpen(false)} />
      <ConfirmDialog
        open={closingAll}
        destructive
        title={t('tickets.closeAllTitle')}
        confirmLabel={t('tickets.closeAll')}
        isConfirming={isBusy}
        onConfirm={closeAll}
        onClose={() => setClosingAll(false)}
      >
        {t('tickets.closeAllBody')}
      </ConfirmDialog>
    </>
  )
}
