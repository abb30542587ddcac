import { useConnections, useDispatchConnections } from '@desk/api-client/hooks'
import type { OutreachConnection } from '@desk/ui'
import { useMemo } from 'react'
import { asUiError } from '../../../lib/errors'

/**
 * The dispatch id field's connections: the ids and statuses of `GET /whatsappzdg` (the seed's "Show
 * dispatch IDs" asks it again), named from the connections list.
 */
export function useDispatchField() {
  const dispatch = useDispatchConnections()
  const { connections: named } = useConnections()
  const connections = useMemo<OutreachConnection[]>(() => {
    const names = new Map((named ?? []).map((c) => [c.id, c.name]))
    return (dispatch.connections ?? []).map(({ id, status }) => ({ id, status, name: names.get(id) ?? `#${id}` }))
  }, [dispatch.connections, named])
  return {
    connections,
    connectionsError: dispatch.error ? asUiError(dispatch.error) : null,
    onShowIds: () => void dispatch.reload(),
  }
}
