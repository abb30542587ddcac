import { Stack } from '@chakra-ui/react'
import { useId } from 'react'
import { TabBar } from '../../internal/TabBar'
import { useT } from '../../internal/useT'
import { type BotSwitchKind, botKindLabel } from '../bot-switches'
import type { UiError } from '../error-message/useErrorText'
import { ListState } from '../list-state'
import { BotAuditList } from './internal/BotAuditList'
import { BotConfigForm } from './internal/BotConfigForm'
import { BotTestConsole } from './internal/BotTestConsole'

export interface BotConfigItem {
  kind: BotSwitchKind
  url: string
  enabled: boolean
  stopWords: string
  hasSecret: boolean
  /** The secret's last characters (`…abcd`): the secret itself never comes back. */
  secretHint: string | null
  updatedAt: string | null
}

/** What Save sends: an absent `secret` keeps the stored one. */
export interface BotConfigValues {
  url: string
  secret?: string
  enabled: boolean
  stopWords: string
}

export interface BotTestResult {
  kind: BotSwitchKind
  ok: boolean
  status: number | null
  latencyMs: number
  replies: unknown[]
  error: string | null
}

export interface BotAuditItem {
  id: number
  kind: BotSwitchKind
  action: 'on' | 'off' | 'paused' | 'stopped' | 'config'
  number: string | null
  userName: string | null
  createdAt: string
}

export interface BotSettingsProps {
  configs: BotConfigItem[]
  isLoading?: boolean
  error?: UiError | null
  onRetry?: () => void
  /** The bot shown (controlled), and its change. */
  kind: BotSwitchKind
  onKindChange: (kind: BotSwitchKind) => void
  onSave: (kind: BotSwitchKind, values: BotConfigValues) => void
  savingKind?: BotSwitchKind | null
  fieldErrors?: Record<string, string>
  onTest: (kind: BotSwitchKind, text: string) => void
  testingKind?: BotSwitchKind | null
  testResult?: BotTestResult | null
  audit: BotAuditItem[]
  auditLoading?: boolean
  auditError?: UiError | null
  onAuditRetry?: () => void
  auditHasMore?: boolean
  onAuditMore?: () => void
}

/** The admin's bots page: one tab per bot (its URL, secret, enabled, stop words and a test console), then the audit log. */
export function BotSettings(props: BotSettingsProps) {
  const { configs, kind } = props
  const t = useT()
  const panelId = useId()
  const config = configs.find((c) => c.kind === kind) ?? configs[0]
  return (
    <Stack gap="6">
      <ListState
        count={configs.length}
        isLoading={props.isLoading}
        error={props.error}
        onRetry={props.onRetry}
        empty={null}
      >
        <Stack gap="4" colorPalette="brand">
          <TabBar
            label={t('bots.title')}
            panelId={panelId}
            value={config?.kind ?? kind}
            onChange={props.onKindChange}
            items={configs.map((c) => ({ value: c.kind, label: t(botKindLabel(c.kind)) }))}
          />
          {config && (
            <Stack id={panelId} role="tabpanel" gap="4" maxWidth="2xl" key={config.kind}>
              <BotConfigForm
                config={config}
                onSave={(values) => props.onSave(config.kind, values)}
                isSaving={props.savingKind === config.kind}
                fieldErrors={props.fieldErrors}
              />
              <BotTestConsole
                onTest={(text) => props.onTest(config.kind, text)}
                isTesting={props.testingKind === config.kind}
                result={props.testResult?.kind === config.kind ? props.testResult : null}
                disabled={!config.url || !config.hasSecret}
              />
            </Stack>
          )}
        </Stack>
      </ListState>
      <BotAuditList
        entries={props.audit}
        isLoading={props.auditLoading}
        error={props.auditError}
        onRetry={props.onAuditRetry}
        hasMore={props.auditHasMore}
        onMore={props.onAuditMore}
      />
    </Stack>
  )
}
