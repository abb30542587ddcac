import type { Lane } from '@desk/api-client'
import { useKanbanMutations } from '@desk/api-client/hooks'
import { type LaneEditorMode, type LaneValues, useNotify } from '@desk/ui'
import { useState } from 'react'
import { asUiError } from '../../lib/errors'
import { useFormErrors } from '../../lib/useFormErrors'

/**
 * The lane editor's state on the kanban page: open or not, which part shows (list, form, delete),
 * the request in flight and the server's verdict. A failed save stays in the form (beside its field
 * when the server names one); a failed delete or reorder shows above the list.
 */
export function useLaneEditor() {
  const { createLane, updateLane, deleteLane, orderLanes } = useKanbanMutations()
  const notify = useNotify()
  const errors = useFormErrors({ inline: true })
  const [open, setOpen] = useState(false)
  const [mode, setMode] = useState<LaneEditorMode>({ kind: 'list' })
  const [isSaving, setSaving] = useState(false)

  const run = async (action: () => Promise<unknown>, after: LaneEditorMode) => {
    setSaving(true)
    errors.clear()
    try {
      await action()
      setMode(after)
    } catch (err) {
      errors.fail(err)
      // A refused delete (not empty, the last lane) shows above the list.
      if (mode.kind === 'delete') setMode({ kind: 'list' })
    } finally {
      setSaving(false)
    }
  }

  return {
    open,
    mode,
    isSaving,
    error: errors.error ?? null,
    fieldErrors: errors.fieldErrors,
    onOpen: () => {
      errors.clear()
      setMode({ kind: 'list' })
      setOpen(true)
    },
    onClose: () => setOpen(false),
    onModeChange: (next: LaneEditorMode) => {
      errors.clear()
      setMode(next)
    },
    onSave: (values: LaneValues, laneId: number | null) =>
      void run(() => (laneId === null ? createLane(values) : updateLane(laneId, values)), { kind: 'list' }),
    onDelete: (lane: Lane) => void run(() => deleteLane(lane.id), { kind: 'list' }),
    onReorder: (laneIds: number[]) => void orderLanes(laneIds).catch((err: unknown) => notify.error(asUiError(err))),
  }
}
