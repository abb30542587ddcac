import { useCard, useKanbanMutations, useLanes } from '@desk/api-client/hooks'
import { LaneSelector, useErrorText, useNotify } from '@desk/ui'
import { asUiError } from '../../../lib/errors'
import { useT } from '../../../lib/useT'

/** The open ticket's kanban lane in the conversation header; choosing another moves its card (live on the board). */
export function TicketLaneSelector({ ticketId }: { ticketId: number }) {
  const t = useT()
  const notify = useNotify()
  const errorText = useErrorText()
  const { lanes } = useLanes()
  const { card } = useCard(ticketId)
  const { moveCard } = useKanbanMutations()
  if (!lanes?.length) return null
  return (
    <LaneSelector
      lanes={lanes}
      value={card?.laneId ?? null}
      onChange={(laneId) =>
        void moveCard(ticketId, laneId).catch((err: unknown) =>
          notify.error({ message: t('kanban.moveFailed', { reason: errorText(asUiError(err)) }) }),
        )
      }
    />
  )
}
