import { Badge, Box, Button, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react'
import type { MessageTemplate, TemplateValues } from '@desk/api-client/contract'
import { useState } from 'react'
import { LuEye, LuFileText, LuRefreshCw } from 'react-icons/lu'
import { FormField } from '../../internal/FormField'
import { useT } from '../../internal/useT'
import { AdminTable, type AdminTableLoadProps } from '../admin-table/AdminTable'
import { EmptyState } from '../empty-state/EmptyState'
import { ErrorMessage } from '../error-message/ErrorMessage'
import type { UiError } from '../error-message/useErrorText'
import { TemplatePreview } from '../template-picker/internal/TemplatePreview'

export interface TemplatesListConnection {
  id: number
  name: string
}

export interface TemplatesListProps extends AdminTableLoadProps {
  /** The Cloud API connections to choose from; none (once loaded): an empty state says templates need one. */
  connections: TemplatesListConnection[]
  connectionId: number | null
  onConnectionChange: (id: number) => void
  /** The chosen connection's stored templates. */
  templates: MessageTemplate[]
  /** Administrators read the templates from the Business Account again; without it there is no button. */
  onRefresh?: () => void
  refreshing?: boolean
  /** Why the last refresh failed (no Business Account id, the Graph API refused …). */
  refreshError?: UiError | null
}

/** How each status reads: only approved templates can be sent. */
const STATUS_PALETTE: Record<string, 'green' | 'yellow' | 'red' | 'gray'> = {
  APPROVED: 'green',
  PENDING: 'yellow',
  REJECTED: 'red',
  PAUSED: 'yellow',
  DISABLED: 'red',
}
const KNOWN_STATUSES = Object.keys(STATUS_PALETTE)
const KNOWN_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION']

/** The Graph API's examples stand in for the variables, so the preview reads as a real message would. */
const exampleValues = (template: MessageTemplate): TemplateValues =>
  Object.fromEntries(template.variables.map((v) => [v.key, v.example ?? `{{${v.name}}}`]))

/**
 * A Cloud API connection's message templates: name, language, category and status, the chosen one previewed
 * as the customer sees it, and a Refresh button that reads them from the Business Account again.
 */
export function TemplatesList(props: TemplatesListProps) {
  const { connections, connectionId, onConnectionChange, templates, onRefresh, refreshing, refreshError } = props
  const t = useT()
  const [previewId, setPreviewId] = useState<number | null>(null)
  const previewed = templates.find((template) => template.id === previewId) ?? templates[0]
  if (connections.length === 0 && !props.isLoading) {
    return (
      <EmptyState
        icon={<LuFileText />}
        title={t('templates.page.noConnection')}
        description={t('templates.page.noConnectionHint')}
      />
    )
  }
  const toolbar = (
    <HStack gap="3" alignItems="flex-end" flexWrap="wrap">
      <Box width="full" maxW="xs">
        <FormField label={t('templates.page.connection')}>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={connectionId ?? ''}
              onChange={(event) => onConnectionChange(Number(event.currentTarget.value))}
            >
              {connections.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
      </Box>
      {onRefresh && (
        <Button
          size="sm"
          variant="outline"
          colorPalette="gray"
          onClick={onRefresh}
          loading={refreshing}
          loadingText={t('templates.page.refresh')}
        >
          <LuRefreshCw aria-hidden />
          {t('templates.page.refresh')}
        </Button>
      )}
    </HStack>
  )
  return (
    <Stack gap="4">
      {refreshError && <ErrorMessage error={refreshError} />}
      <AdminTable
        rows={templates}
        isLoading={props.isLoading}
        error={props.error}
        onReload={props.onReload}
        toolbar={toolbar}
        empty={{ title: t('templates.page.empty'), description: t('templates.page.emptyHint'), icon: <LuFileText /> }}
        columns={[
          { key: 'name', header: t('templates.page.column.name'), cell: (row) => row.name, skeleton: 30 },
          {
            key: 'language',
            header: t('templates.page.column.language'),
            cellProps: { fontFamily: 'mono', textStyle: 'xs' },
            cell: (row) => row.language,
            skeleton: 10,
          },
          {
            key: 'category',
            header: t('templates.page.column.category'),
            cell: (row) =>
              KNOWN_CATEGORIES.includes(row.category)
                ? t(`templates.category.${row.category as 'MARKETING'}`)
                : row.category,
            skeleton: 15,
          },
          {
            key: 'status',
            header: t('templates.page.column.status'),
            cell: (row) => (
              <Stack gap="1" alignItems="flex-start">
                <Badge colorPalette={STATUS_PALETTE[row.status] ?? 'gray'} variant="subtle">
                  {KNOWN_STATUSES.includes(row.status) ? t(`templates.status.${row.status as 'APPROVED'}`) : row.status}
                </Badge>
                {row.reason && (
                  <Text textStyle="xs" color="fg.muted">
                    {row.reason}
                  </Text>
                )}
              </Stack>
            ),
            skeleton: 15,
          },
        ]}
        actionsColumn={{ header: t('templates.page.column.preview'), skeleton: 10 }}
        rowActions={[
          {
            key: 'preview',
            label: (row) => t('templates.page.previewOf', { name: row.name }),
            icon: <LuEye />,
            onClick: (row) => setPreviewId(row.id),
          },
        ]}
      />
      {previewed && !props.isLoading && (
        <Stack gap="1">
          <Text fontWeight="semibold">
            {previewed.name} · {previewed.language}
          </Text>
          <TemplatePreview template={previewed} values={exampleValues(previewed)} />
        </Stack>
      )}
    </Stack>
  )
}
