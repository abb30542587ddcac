import { Alert, Link, NativeSelect, Stack, Text } from '@chakra-ui/react'
import type { MessageTemplate } from '@desk/api-client/contract'
import { Controller, type UseFormReturn } from 'react-hook-form'
import { FormField } from '../../../internal/FormField'
import { navigateOnClick } from '../../../internal/navigation'
import { useT } from '../../../internal/useT'
import { type BulkSendFormValues, defaultSources, TEMPLATE_SOURCES } from './bulkSendSchema'

interface TemplateChoiceProps {
  form: UseFormReturn<BulkSendFormValues, unknown, unknown>
  /** text: templates without a media header; media: templates whose header takes the job's URL. */
  variant: 'text' | 'media'
  /** The approved templates of the chosen Cloud API connection that this page can send. */
  templates: MessageTemplate[]
  template: MessageTemplate | null
}

/**
 * A text or media job on a Cloud API connection: a template (for media one whose header takes the URL), each of
 * its variables taken from a contact field or a column of the pasted lines (`number;name;order`), or none, and the
 * free text or media then goes to open windows only.
 */
export function TemplateChoice({ form, variant, templates, template }: TemplateChoiceProps) {
  const t = useT()
  const sourceLabel = (source: string) => {
    const [from, what] = source.split(':')
    return from === 'column'
      ? t('outreach.template.column', { n: Number(what) })
      : t(`outreach.template.contact.${what as 'name'}`)
  }
  return (
    <Stack gap="3">
      <FormField
        label={t('templates.picker.choose')}
        helperText={t(
          template
            ? variant === 'media'
              ? 'outreach.template.mediaHeaderHelp'
              : 'outreach.template.columnsHelp'
            : variant === 'media'
              ? 'outreach.template.noneMediaHelp'
              : 'outreach.template.noneHelp',
        )}
      >
        <NativeSelect.Root>
          <NativeSelect.Field
            {...form.register('templateId', {
              onChange: (event) => {
                const chosen = templates.find((x) => String(x.id) === event.target.value)
                form.setValue('templateSources', chosen ? defaultSources(chosen) : {})
              },
            })}
          >
            <option value="">
              {t(variant === 'media' ? 'outreach.template.noneMedia' : 'outreach.template.none')}
            </option>
            {templates.map((x) => (
              <option key={x.id} value={x.id}>
                {x.name} ({x.language})
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      {template && variant === 'media' && template.variables.length > 0 && (
        <Text textStyle="sm" color="fg.muted">
          {t('outreach.template.columnsHelp')}
        </Text>
      )}
      {template && template.variables.length > 0 && (
        <Stack gap="2">
          <Text textStyle="sm" color="fg.muted">
            {template.body}
          </Text>
          {template.variables.map((variable) => (
            <Controller
              key={variable.key}
              control={form.control}
              name="templateSources"
              render={({ field }) => (
                <FormField label={t('templates.picker.variable', { name: `${variable.part} {{${variable.name}}}` })}>
                  <NativeSelect.Root size="sm">
                    <NativeSelect.Field
                      value={field.value[variable.key] ?? defaultSources(template)[variable.key]}
                      onChange={(event) => field.onChange({ ...field.value, [variable.key]: event.target.value })}
                    >
                      {TEMPLATE_SOURCES.map((source) => (
                        <option key={source} value={source}>
                          {sourceLabel(source)}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </FormField>
              )}
            />
          ))}
        </Stack>
      )}
    </Stack>
  )
}

/**
 * A file or an audio by path on a Cloud API connection: no template carries it, so it goes only to customers whose
 * reply window is open; the text page, with a template, reaches everyone.
 */
export function OpenWindowsOnlyNotice({ href, onNavigate }: { href?: string; onNavigate?: (href: string) => void }) {
  const t = useT()
  return (
    <Alert.Root status="info" size="sm">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{t('outreach.template.filesOpenWindows')}</Alert.Description>
        {href && (
          <Link href={href} onClick={navigateOnClick(href, onNavigate)} variant="underline" textStyle="sm">
            {t('outreach.template.useTextPage')}
          </Link>
        )}
      </Alert.Content>
    </Alert.Root>
  )
}
