import { Input, Stack } from '@chakra-ui/react'
import { Color, LaneCreateRequest } from '@desk/api-client/contract'
import { useMemo, useRef } from 'react'
import { Controller } from 'react-hook-form'
import { z } from 'zod'
import { ColorField } from '../../../internal/color/ColorField'
import { FormField } from '../../../internal/FormField'
import { OptionSelect } from '../../../internal/OptionSelect'
import { required } from '../../../internal/schemas'
import { useT } from '../../../internal/useT'
import type { UiError, UiFieldError } from '../../error-message/useErrorText'
import { FormDialog } from '../../form-dialog/FormDialog'
import { SearchField } from '../../search-field/SearchField'

/** What the lane form hands back. */
export interface LaneValues {
  title: string
  color: string
  entryQueueId: number | null
  entryQuickAnswerId: number | null
}

const schema = z.object({
  title: LaneCreateRequest.shape.title,
  color: required(Color),
  entryQueueId: z.number().nullable(),
  entryQuickAnswerId: z.number().nullable(),
})

const SERVER_FIELDS = ['title', 'color', 'entryQueueId', 'entryQuickAnswerId'] as const

export interface LaneFormDialogProps {
  open: boolean
  /** The lane being edited; a new one otherwise. */
  initialValues?: LaneValues
  queues: { id: number; name: string }[]
  /** The quick answers to pick from: a page of them, or those the search found. */
  quickAnswers: { id: number; name: string }[]
  /** With `onQuickAnswerSearch`, a search box above the quick answers (the page asks the server). */
  quickAnswerSearch?: string
  onQuickAnswerSearch?: (text: string) => void
  onSubmit: (values: LaneValues) => void
  onClose: () => void
  isSubmitting?: boolean
  error?: UiError | null
  fieldErrors?: UiFieldError[]
}

const EMPTY: LaneValues = { title: '', color: '#84cc16', entryQueueId: null, entryQuickAnswerId: null }

/** Add or edit a lane: title, colour, and what happens to a card that enters it. */
export function LaneFormDialog(allProps: LaneFormDialogProps) {
  const { initialValues, queues, quickAnswers, quickAnswerSearch, onQuickAnswerSearch, onSubmit, ...props } = allProps
  const t = useT()
  const values = useMemo(() => initialValues ?? EMPTY, [initialValues])
  // Every answer seen, so the chosen one keeps its name while a search shows others.
  const seen = useRef(new Map<number, string>())
  for (const answer of quickAnswers) seen.current.set(answer.id, answer.name)
  const answersWith = (id: number | null) =>
    id === null || quickAnswers.some((a) => a.id === id) || !seen.current.has(id)
      ? quickAnswers
      : [{ id, name: seen.current.get(id)! }, ...quickAnswers]
  return (
    <FormDialog
      {...props}
      title={t(initialValues ? 'kanban.editor.editTitle' : 'kanban.editor.addTitle')}
      submitLabel={t(initialValues ? 'common.save' : 'common.add')}
      schema={schema}
      values={values}
      onSubmit={(v) => onSubmit({ ...v, title: v.title.trim() })}
      serverFields={SERVER_FIELDS}
    >
      {(form) => (
        <>
          <FormField label={t('kanban.editor.name')} error={form.formState.errors.title?.message} required>
            <Input autoComplete="off" {...form.register('title')} />
          </FormField>
          <ColorField control={form.control} name="color" legend={t('kanban.editor.color')} />
          <Controller
            control={form.control}
            name="entryQueueId"
            render={({ field }) => (
              <OptionSelect
                label={t('kanban.editor.entryQueue')}
                placeholder={t('common.none')}
                helperText={t('kanban.editor.entryQueueHint')}
                options={queues}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          {/* The search sits tight above the list it narrows. */}
          <Stack gap="2">
            {onQuickAnswerSearch && (
              <SearchField
                label={t('kanban.editor.searchAnswers')}
                value={quickAnswerSearch ?? ''}
                onChange={onQuickAnswerSearch}
                width="full"
              />
            )}
            <Controller
              control={form.control}
              name="entryQuickAnswerId"
              render={({ field }) => (
                <OptionSelect
                  label={t('kanban.editor.entryAnswer')}
                  placeholder={t('common.none')}
                  helperText={t('kanban.editor.entryAnswerHint')}
                  options={answersWith(field.value)}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
          </Stack>
        </>
      )}
    </FormDialog>
  )
}
