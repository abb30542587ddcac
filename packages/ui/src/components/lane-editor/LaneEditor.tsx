import { Button, Dialog, Stack } from '@chakra-ui/react'
import type { Lane } from '@desk/api-client/contract'
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { useState } from 'react'
import { LuPlus } from 'react-icons/lu'
import { DialogCloseButton } from '../../internal/DialogCloseButton'
import { UiPortal } from '../../internal/portal'
import { useT } from '../../internal/useT'
import { ConfirmDialog } from '../confirm-dialog/ConfirmDialog'
import { ErrorMessage } from '../error-message/ErrorMessage'
import type { UiError, UiFieldError } from '../error-message/useErrorText'
import { LaneFormDialog, type LaneValues } from './internal/LaneFormDialog'
import { LaneRow } from './internal/LaneRow'

export type { LaneValues }

/** What the editor is doing: nothing, the form (a new lane or one being edited), or asking before a delete. */
export type LaneEditorMode = { kind: 'list' } | { kind: 'form'; lane: Lane | null } | { kind: 'delete'; lane: Lane }

export interface LaneEditorProps {
  open: boolean
  onClose: () => void
  /** The lanes in board order. */
  lanes: Lane[]
  queues: { id: number; name: string }[]
  /** The quick answers the form offers: a page of them, or what `quickAnswerSearch` found. */
  quickAnswers: { id: number; name: string }[]
  /** The form's search over the quick answers (the page asks the server with it). */
  quickAnswerSearch?: string
  onQuickAnswerSearch?: (text: string) => void
  /** Which part is showing; the page moves it (`onModeChange`) and back to the list after a save. */
  mode: LaneEditorMode
  onModeChange: (mode: LaneEditorMode) => void
  /** Saves the form: a new lane when `laneId` is null. */
  onSave: (values: LaneValues, laneId: number | null) => void
  onDelete: (lane: Lane) => void
  /** Every lane's id in the new order. */
  onReorder: (laneIds: number[]) => void
  isSaving?: boolean
  /** The last save, delete or reorder failed (e.g. `ERR_LANE_NOT_EMPTY`). */
  error?: UiError | null
  fieldErrors?: UiFieldError[]
}

const valuesOf = (lane: Lane): LaneValues => ({
  title: lane.title,
  color: lane.color,
  entryQueueId: lane.entryQueueId,
  entryQuickAnswerId: lane.entryQuickAnswerId,
})

/**
 * The administrators' lane editor: the lanes in order (drag a row by its handle with the mouse,
 * by touch or by keyboard, or use ↑/↓), add, edit (title, colour, entry actions) and delete with
 * a confirmation. Only an empty lane can be deleted, and never the last one: the server says so.
 */
export function LaneEditor(props: LaneEditorProps) {
  const { open, onClose, lanes, mode, onModeChange, isSaving, error } = props
  const t = useT()
  const [dragging, setDragging] = useState(false)
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const ids = lanes.map((l) => l.id)
  const move = (from: number, to: number) => props.onReorder(arrayMove(ids, from, to))
  return (
    <>
      <Dialog.Root open={open && mode.kind === 'list'} onOpenChange={(e) => !e.open && onClose()} placement="center">
        <UiPortal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>{t('kanban.editor.title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  {error && <ErrorMessage error={error} />}
                  <DndContext
                    sensors={sensors}
                    collisionDetection={closestCenter}
                    onDragStart={() => setDragging(true)}
                    onDragCancel={() => setDragging(false)}
                    onDragEnd={({ active, over }) => {
                      setDragging(false)
                      if (over && active.id !== over.id)
                        move(ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)))
                    }}
                  >
                    <SortableContext items={ids} strategy={verticalListSortingStrategy}>
                      <Stack as="ol" gap="1.5" listStyle="none" aria-label={t('kanban.editor.lanes')}>
                        {lanes.map((lane, index) => (
                          <LaneRow
                            key={lane.id}
                            lane={lane}
                            index={index}
                            count={lanes.length}
                            disabled={isSaving && !dragging}
                            onMove={move}
                            onEdit={(l) => onModeChange({ kind: 'form', lane: l })}
                            onDelete={(l) => onModeChange({ kind: 'delete', lane: l })}
                          />
                        ))}
                      </Stack>
                    </SortableContext>
                  </DndContext>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => onModeChange({ kind: 'form', lane: null })}>
                  <LuPlus /> {t('kanban.editor.add')}
                </Button>
                <Button onClick={onClose}>{t('common.close')}</Button>
              </Dialog.Footer>
              <DialogCloseButton />
            </Dialog.Content>
          </Dialog.Positioner>
        </UiPortal>
      </Dialog.Root>
      <LaneFormDialog
        open={open && mode.kind === 'form'}
        initialValues={mode.kind === 'form' && mode.lane ? valuesOf(mode.lane) : undefined}
        queues={props.queues}
        quickAnswers={props.quickAnswers}
        quickAnswerSearch={props.quickAnswerSearch}
        onQuickAnswerSearch={props.onQuickAnswerSearch}
        onSubmit={(values) => props.onSave(values, mode.kind === 'form' ? (mode.lane?.id ?? null) : null)}
        onClose={() => onModeChange({ kind: 'list' })}
        isSubmitting={isSaving}
        error={mode.kind === 'form' ? error : null}
        fieldErrors={props.fieldErrors}
      />
      <ConfirmDialog
        open={open && mode.kind === 'delete'}
        destructive
        title={t('kanban.editor.deleteTitle', { title: mode.kind === 'delete' ? mode.lane.title : '' })}
        isConfirming={isSaving}
        onConfirm={() => mode.kind === 'delete' && props.onDelete(mode.lane)}
        onClose={() => onModeChange({ kind: 'list' })}
      >
        {t('kanban.editor.deleteBody')}
      </ConfirmDialog>
    </>
  )
}
