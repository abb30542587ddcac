import { Input, Textarea } from '@chakra-ui/react'
import { useRef } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { FormField } from '../../../internal/FormField'
import { useT } from '../../../internal/useT'
import {
  insertAt,
  type QuickAnswerFormInput,
  type QuickAnswerModalValues,
  type QuickAnswerVariable,
} from './quickAnswerForm'
import { VariableButtons } from './VariableButtons'

interface QuickAnswerFieldsProps {
  form: UseFormReturn<QuickAnswerFormInput, unknown, QuickAnswerModalValues>
}

/** Shortcut, message, and buttons that insert placeholders at the message's caret. */
export function QuickAnswerFields({ form }: QuickAnswerFieldsProps) {
  const t = useT()
  const { errors, isSubmitted } = form.formState
  const messageRef = useRef<HTMLTextAreaElement | null>(null)
  const { ref: registerMessageRef, ...messageField } = form.register('message')
  const insert = (variable: QuickAnswerVariable) => {
    const textarea = messageRef.current
    const value = form.getValues('message')
    const start = textarea?.selectionStart ?? value.length
    const end = textarea?.selectionEnd ?? value.length
    const next = insertAt(value, `{{${variable}}}`, start, end)
    form.setValue('message', next.value, { shouldDirty: true, shouldValidate: isSubmitted })
    textarea?.focus()
    textarea?.setSelectionRange(next.caret, next.caret)
  }
  return (
    <>
      <FormField
        label={t('quickAnswerModal.shortcut')}
        error={errors.shortcut?.message}
        helperText={t('quickAnswerModal.shortcutHint')}
        required
      >
        <Input autoComplete="off" {...form.register('shortcut')} />
      </FormField>
      <FormField label={t('quickAnswerModal.message')} error={errors.message?.message} required>
        <Textarea
          rows={6}
          autoresize
          maxHeight="72"
          {...messageField}
          ref={(element) => {
            registerMessageRef(element)
            messageRef.current = element
          }}
        />
      </FormField>
      <VariableButtons onInsert={insert} />
    </>
  )
}
