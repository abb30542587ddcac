import type { Lane } from '@desk/api-client'
import { KANBAN_WAIT_SETTING, kanbanWaitMinutes, laneCsvFileName } from '@desk/api-client/constants'
import { useCards, useKanbanMutations, useLanes, useQueues, useSession, useSettings } from '@desk/api-client/hooks'
import { KanbanBoard, useErrorText, useNotify } from '@desk/ui'
import { lazy, useCallback } from 'react'
import { downloadBlob } from '../../lib/downloadBlob'
import { asUiError } from '../../lib/errors'
import { OnceOpened } from '../../lib/OnceOpened'
import { useT } from '../../lib/useT'
import { useNavigate } from '../../routes/navigation'
import { useLaneAnswerOptions } from './useLaneAnswerOptions'
import { useLaneEditor } from './useLaneEditor'

/** The lane editor (administrators only), downloaded with its form and the sortable list when it first opens. */
const LaneEditor = lazy(() =>
  import('@desk/ui/components/lane-editor').then(({ LaneEditor }) => ({ default: LaneEditor })),
)

/**
 * /ZDGKanban: the open tickets the user may see, in lanes. Dropping a card on another lane moves it
 * at once and saves it; when the server refuses, the card goes back and a toast says why. Everyone
 * looking at the board sees moves live. Administrators manage the lanes here too.
 */
export function KanbanPage() {
  const t = useT()
  const navigate = useNavigate()
  const notify = useNotify()
  const errorText = useErrorText()
  const { isAdmin } = useSession()
  const lanes = useLanes()
  const cards = useCards()
  const { settings } = useSettings()
  const { moveCard, laneCsv } = useKanbanMutations()
  const editor = useLaneEditor()
  const { queues } = useQueues({ enabled: isAdmin })
  const answers = useLaneAnswerOptions(
    editor.mode.kind === 'form' ? (editor.mode.lane?.entryQuickAnswerId ?? null) : null,
  )
  const waitLimit = kanbanWaitMinutes(settings?.find((s) => s.key === KANBAN_WAIT_SETTING)?.value)

  const onMoveCard = useCallback(
    (ticketId: number, laneId: string) =>
      void moveCard(ticketId, laneId).catch((err: unknown) =>
        notify.error({ message: t('kanban.moveFailed', { reason: errorText(asUiError(err)) }) }),
      ),
    [moveCard, notify, t, errorText],
  )
  const onExportLane = useCallback(
    (lane: Lane) =>
      void laneCsv(lane.id)
        .then((blob) => downloadBlob(blob, laneCsvFileName(lane.title)))
        .catch(() => notify.error({ message: t('kanban.exportFailed') })),
    [laneCsv, notify, t],
  )
  const error = lanes.error ?? cards.error
  return (
    <>
      <KanbanBoard
        lanes={lanes.lanes}
        cards={cards.cards}
        isLoading={lanes.isLoading || cards.isLoading}
        error={error ? asUiError(error) : null}
        onRetry={() => {
          void lanes.reload()
          void cards.reload()
        }}
        waitLimitMinutes={waitLimit}
        onMoveCard={onMoveCard}
        onOpenCard={(ticketId) => navigate(`/tickets/${ticketId}`)}
        onExportLane={onExportLane}
        onManageLanes={isAdmin ? editor.onOpen : undefined}
      />
      {isAdmin && (
        <OnceOpened open={editor.open}>
          <LaneEditor
            open={editor.open}
            onClose={editor.onClose}
            lanes={lanes.lanes ?? []}
            queues={queues ?? []}
            quickAnswers={answers.options}
            quickAnswerSearch={answers.search}
            onQuickAnswerSearch={answers.setSearch}
            mode={editor.mode}
            onModeChange={editor.onModeChange}
            onSave={editor.onSave}
            onDelete={editor.onDelete}
            onReorder={editor.onReorder}
            isSaving={editor.isSaving}
            error={editor.error}
            fieldErrors={editor.fieldErrors}
          />
        </OnceOpened>
      )}
    </>
  )
}

export default KanbanPage
