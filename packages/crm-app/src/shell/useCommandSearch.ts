import { useApiClient } from '@desk/api-client/hooks'
import type { CommandPaletteContact, CommandPaletteTicket } from '@desk/ui'
import { useEffect, useState } from 'react'
import { useDebouncedValue } from '../lib/useDebouncedValue'

/** The palette looks for tickets and contacts from this many characters. */
export const COMMAND_SEARCH_MIN_LENGTH = 3
/** Results shown per group. */
const LIMIT = 5

interface Found {
  query: string
  tickets: CommandPaletteTicket[]
  contacts: CommandPaletteContact[]
}

/**
 * Tickets (everyone's the user may see, any status) and contacts whose name or number matches the palette's
 * query, 300 ms after typing stops: the first page of `GET /tickets?searchParam=` and `GET /contacts?searchParam=`,
 * a few of each. A failed search shows nothing rather than an error: the pages still work.
 */
export function useCommandSearch(query: string, enabled: boolean) {
  const wanted = useDebouncedValue(query.trim(), 300)
  const searching = enabled && wanted.length >= COMMAND_SEARCH_MIN_LENGTH
  const client = useApiClient()
  const [found, setFound] = useState<Found>({ query: '', tickets: [], contacts: [] })

  useEffect(() => {
    if (!searching) return
    let current = true
    Promise.all([
      client.tickets.list({ searchParam: wanted, showAll: true }).catch(() => ({ tickets: [] })),
      client.contacts.list({ searchParam: wanted }).catch(() => ({ contacts: [] })),
    ]).then(([t, c]) => {
      if (!current) return
      setFound({
        query: wanted,
        tickets: t.tickets.slice(0, LIMIT).map(({ id, status, contact }) => ({ id, status, contact })),
        contacts: c.contacts.slice(0, LIMIT).map(({ id, name, number }) => ({ id, name, number })),
      })
    })
    return () => {
      current = false
    }
  }, [client, wanted, searching])

  // While the next answer is on its way the last one stays (no flicker); a short query shows none.
  const shown = enabled && query.trim().length >= COMMAND_SEARCH_MIN_LENGTH
  return {
    tickets: shown ? found.tickets : [],
    contacts: shown ? found.contacts : [],
    isSearching: shown && found.query !== query.trim(),
  }
}
