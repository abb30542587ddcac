import { useQueues, useSession, useTickets } from '@desk/api-client/hooks'
import type { TicketsSubTab, TicketsTab } from '@desk/ui'
import { useEffect, useMemo, useState } from 'react'
import { useDebouncedValue } from '../../../lib/useDebouncedValue'

/**
 * The left side's state (spec §2, §4): the tab and sub-tab, the search (500 ms debounce),
 * show-all (admins start with it on) and the selected queues (all of the user's own at
 * first), the tag filter, and the ticket lists behind them. Changing any filter starts its list from page 1.
 * The Open tab starts on Waiting when the user has nothing in service (its Open list is empty once
 * loaded): that first choice is made once, and whatever the user picks afterwards wins.
 */
export function useTicketLists() {
  const { user, isAdmin } = useSession()
  const [tab, setTab] = useState<TicketsTab>('open')
  const [subTabChoice, setSubTab] = useState<TicketsSubTab | null>(null)
  const [firstSubTab, setFirstSubTab] = useState<TicketsSubTab | null>(null)
  const subTab = subTabChoice ?? firstSubTab ?? 'open'
  const [search, setSearch] = useState('')
  const searchParam = useDebouncedValue(search.trim(), 500)
  // Until the user chooses: admins with show-all on, every one of the user's queues selected.
  const [showAllChoice, setShowAll] = useState<boolean | null>(null)
  const showAll = showAllChoice ?? isAdmin
  const myQueues = useMemo(() => user?.queues ?? [], [user])
  // An administrator sees every ticket, so may narrow by any queue (with none of their own: all queues).
  const allQueues = useQueues({ enabled: isAdmin }).queues
  const filterQueues = useMemo(
    () => (isAdmin && allQueues ? allQueues.map(({ id, name, color }) => ({ id, name, color })) : myQueues),
    [isAdmin, allQueues, myQueues],
  )
  const [queueChoice, setQueueIds] = useState<number[] | null>(null)
  const queueIds = useMemo(() => queueChoice ?? myQueues.map((q) => q.id), [queueChoice, myQueues])

  // Tickets whose contact carries any of these tags (none: no filter); the search tab ignores it.
  const [tagIds, setTagIds] = useState<number[]>([])

  const inbox = tab === 'open' || tab === 'group'
  const isGroup = tab === 'closed' ? subTab === 'group' : tab === 'group'
  const base = { showAll: isAdmin && showAll, queueIds, isGroup, tagIds }
  // Nothing is asked before the user is known: their profile and queues shape every filter.
  const ready = user !== null
  const main = useTickets({ ...base, status: tab === 'closed' ? 'closed' : 'open', enabled: ready && tab !== 'search' })
  const pending = useTickets({ ...base, status: 'pending', enabled: ready && inbox })
  // The search tab lists every user's tickets (the server keeps non-admins to their own).
  const found = useTickets({ searchParam, showAll: true, enabled: ready && tab === 'search' && searchParam !== '' })

  const inService = tab === 'open' && ready && !main.isLoading && !main.error ? main.count : null
  useEffect(() => {
    if (inService !== null) setFirstSubTab((first) => first ?? (inService === 0 ? 'pending' : 'open'))
  }, [inService])

  const shown = tab === 'search' ? found : inbox && subTab === 'pending' ? pending : main
  const list = ready ? shown : { ...shown, isLoading: true }

  const changeTab = (next: TicketsTab) => {
    setTab(next)
    if (next === 'closed') setSubTab('private')
    else if (next !== 'search' && (subTab === 'private' || subTab === 'group')) setSubTab('open')
  }

  /**
   * Shows the tab a ticket just opened is now in (In service of Open, or of Groups), so an accepted or
   * reopened ticket stays in sight and selected. The search tab lists every status, so it stays.
   */
  const follow = (ticket: { status: string; isGroup?: boolean }) => {
    if (ticket.status !== 'open' || tab === 'search') return
    setTab(ticket.isGroup ? 'group' : 'open')
    setSubTab('open')
  }

  return {
    tab,
    setTab: changeTab,
    follow,
    subTab,
    setSubTab,
    search,
    setSearch,
    searchParam,
    isAdmin,
    showAll,
    setShowAll,
    queues: filterQueues,
    queueIds,
    setQueueIds,
    tagIds,
    setTagIds,
    // A list that failed has no count to show (not a 0).
    counts: inbox ? { open: main.error ? null : main.count, pending: pending.error ? null : pending.count } : undefined,
    list,
  }
}
