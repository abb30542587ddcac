import { useLocation, useSearch } from 'wouter'
import { useHistoryState } from 'wouter/use-browser-location'

export { useParams } from 'wouter'

/** Goes to a path of the app: `navigate('/tickets/3')`, `navigate('/login', { replace: true, state })`. */
export const useNavigate = () => useLocation()[1]

/** Where the app is: the path, the query (with its `?`), the hash (with its `#`) and the history entry's state. */
export interface Place {
  pathname: string
  search: string
  hash: string
  state: unknown
}

export function usePlace(): Place {
  const [pathname] = useLocation()
  const search = useSearch()
  const state = useHistoryState()
  return { pathname, search: search ? `?${search}` : '', hash: window.location.hash, state }
}
