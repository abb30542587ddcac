import { useSession, useTickets } from '@desk/api-client/hooks'
import type { TicketsSubTab, TicketsTab } from '@desk/ui'
import { useState } from 'react'
import { useDebouncedValue } from '../../../lib/useDebouncedValue'

/**
 * The left side's state (spec §2, §4): the tab and sub-tab, the search (500 ms debounce),
 * show-all (admins start with it on) and the selected queues (all of the user's own at
 * first), and the ticket lists behind them. Changing any filter starts its list from page 1.
 */
export function useTicketLists() {
  const { user, isAdmin } = useSession()
  const [tab, setTab] = useState<TicketsTab>('open')
  const [subTab, setSubTab] = useState<TicketsSubTab>('open')
  const [search, setSearch] = useState('')
  const searchParam = useDebouncedValue(search.trim(), 500)
  const [showAll, setShowAll] = useState(isAdmin)
  const myQueues = user?.queues ?? []
  const [queueIds, setQueueIds] = useState<number[]>(() => myQueues.map((q) => q.id))

  const inbox = tab === 'open' || tab === 'group'
  const isGroup = tab === 'closed' ? subTab === 'group' : tab === 'group'
  const base = { showAll: isAdmin && showAll, queueIds, isGroup }
  const main = useTickets({ ...base, status: tab === 'closed' ? 'closed' : 'open', enabled: tab !== 'search' })
  const pending = useTickets({ ...base, status: 'pending', enabled: inbox })
  // The search tab lists every user's tickets (the server keeps non-admins to their own).
  const found = useTickets({ searchParam, showAll: true, enabled: tab === 'search' && searchParam !== '' })

  const list = tab === 'search' ? found : inbox && subTab === 'pending' ? pending : main

  const changeTab = (next: TicketsTab) => {
    setTab(next)
    if (next === 'closed') setSubTab('private')
    else if (next !== 'search' && (subTab === 'private' || subTab === 'group')) setSubTab('open')
  }

  return {
    tab,
    setTab: changeTab,
    subTab,
    setSubTab,
    search,
    setSearch,
    searchParam,
    isAdmin,
    showAll,
    setShowAll,
    queues: myQueues,
    queueIds,
    setQueueIds,
    counts: inbox ? { open: main.count, pending: pending.count } : undefined,
    list,
  }
}
