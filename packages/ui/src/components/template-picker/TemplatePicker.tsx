import { Button, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react'
import {
  type MessageTemplate,
  missingTemplateVariables,
  type TemplatePrefillSource,
  type TemplateValues,
  templatePrefills,
} from '@desk/api-client/contract'
import type { ReactNode } from 'react'
import { useT } from '../../internal/useT'
import { TemplatePreview } from './internal/TemplatePreview'

export interface TemplatePickerValue {
  templateId: number | null
  values: TemplateValues
}

export interface TemplatePickerProps {
  /** The approved templates of the conversation's connection. */
  templates: MessageTemplate[]
  value: TemplatePickerValue
  onChange: (value: TemplatePickerValue) => void
  /** What the desk knows of the conversation: a chosen template's variables start from it. */
  prefills?: TemplatePrefillSource
  onSend: () => void
  sending?: boolean
  /** One line above the choice, e.g. the reply window ("Window closed"). */
  status?: ReactNode
}

/** Choose a message template, fill its variables (prefilled), see it as the customer will, and send it. */
export function TemplatePicker({
  templates,
  value,
  onChange,
  prefills = {},
  onSend,
  sending,
  status,
}: TemplatePickerProps) {
  const t = useT()
  const template = templates.find((candidate) => candidate.id === value.templateId) ?? null
  const missing = template ? missingTemplateVariables(template.variables, value.values) : []
  const choose = (id: string) => {
    const next = templates.find((candidate) => String(candidate.id) === id) ?? null
    onChange({ templateId: next?.id ?? null, values: next ? templatePrefills(next.variables, prefills) : {} })
  }
  return (
    <Stack gap="3" p="3" borderTopWidth="1px" data-testid="template-picker">
      {status && (
        <Text fontSize="sm" color="fg.muted">
          {status}
        </Text>
      )}
      {templates.length === 0 ? (
        <Text fontSize="sm">{t('templates.picker.empty')}</Text>
      ) : (
        <Field.Root>
          <Field.Label>{t('templates.picker.choose')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={value.templateId ?? ''} onChange={(e) => choose(e.currentTarget.value)}>
              <option value="">{t('templates.picker.placeholder')}</option>
              {templates.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {`${candidate.name} · ${candidate.language} · ${candidate.category}`}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      )}
      {template && (
        <>
          {template.variables.map((variable) => (
            <Field.Root key={variable.key} required invalid={false}>
              <Field.Label>{t('templates.picker.variable', { name: variable.key })}</Field.Label>
              <Input
                size="sm"
                value={value.values[variable.key] ?? ''}
                placeholder={variable.example ?? undefined}
                onChange={(e) =>
                  onChange({ ...value, values: { ...value.values, [variable.key]: e.currentTarget.value } })
                }
              />
            </Field.Root>
          ))}
          <TemplatePreview template={template} values={value.values} />
          <HStack justify="flex-end">
            <Button size="sm" onClick={onSend} disabled={missing.length > 0} loading={sending}>
              {t('templates.picker.send')}
            </Button>
          </HStack>
        </>
      )}
    </Stack>
  )
}
