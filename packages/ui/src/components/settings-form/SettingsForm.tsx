import { Stack } from '@chakra-ui/react'
import { LOCALE_NAMES, LOCALES } from '../../i18n'
import { useT } from '../../internal/useT'
import { splitDuration } from '../../lib/datetime'
import { ApiToken } from './internal/ApiToken'
import { SettingSelect } from './internal/SettingSelect'

/** Seconds a closed ticket may be reused by the same contact (seed §9). */
export const TIME_CREATE_NEW_TICKET_OPTIONS = [10, 30, 60, 300, 1800, 3600, 7200, 21600, 43200, 86400, 172800]

/** Minutes a kanban card may wait before it shows as late (the setting `kanbanWaitMinutes`). */
export const KANBAN_WAIT_OPTIONS = [5, 10, 15, 30, 45, 60, 120, 240, 480, 1440]

export interface SettingsFormSetting {
  key: string
  value: string
}

export interface SettingsFormProps {
  settings: SettingsFormSetting[]
  /** A select changed: `onChange('userCreation', 'disabled')`. */
  onChange: (key: string, value: string) => void
  /** Called once the administrator confirmed. */
  onRegenerateToken: () => void
  onCopyToken: (token: string) => void
  /** Shows the API token. */
  isAdmin?: boolean
  isLoading?: boolean
  isRegenerating?: boolean
}

export function SettingsForm(props: SettingsFormProps) {
  const { settings, onChange, onRegenerateToken, onCopyToken, isAdmin, isLoading, isRegenerating } = props
  const t = useT()
  const value = (key: string) => settings.find((s) => s.key === key)?.value
  const toggle = [
    { value: 'enabled', label: t('common.enabled') },
    { value: 'disabled', label: t('common.disabled') },
  ]
  const durations = TIME_CREATE_NEW_TICKET_OPTIONS.map((seconds) => {
    const { unit, count } = splitDuration(seconds)
    return { value: String(seconds), label: t(`duration.${unit}`, { count }) }
  })
  const waitValue = Number(value('kanbanWaitMinutes'))
  const waits = [...new Set([...KANBAN_WAIT_OPTIONS, ...(waitValue > 0 ? [waitValue] : [])])]
    .sort((a, b) => a - b)
    .map((minutes) => {
      const { unit, count } = splitDuration(minutes * 60)
      return { value: String(minutes), label: t(`duration.${unit}`, { count }) }
    })
  const languages = LOCALES.map((code) => ({ value: code, label: LOCALE_NAMES[code] }))
  const select = (key: string, label: string, options = toggle) => (
    <SettingSelect
      key={key}
      label={label}
      value={value(key)}
      options={options}
      onChange={(v) => onChange(key, v)}
      isLoading={isLoading}
    />
  )
  return (
    <Stack gap="3">
      {select('userCreation', t('settings.userCreation'))}
      {select('timeCreateNewTicket', t('settings.timeCreateNewTicket'), durations)}
      {select('call', t('settings.call'))}
      {select('CheckMsgIsGroup', t('settings.CheckMsgIsGroup'))}
      {select('kanbanWaitMinutes', t('settings.kanbanWaitMinutes'), waits)}
      {select('language', t('settings.language'), languages)}
      {isAdmin && (
        <ApiToken
          token={value('userApiToken') ?? ''}
          onCopy={onCopyToken}
          onRegenerate={onRegenerateToken}
          isLoading={isLoading}
          isRegenerating={isRegenerating}
        />
      )}
    </Stack>
  )
}
