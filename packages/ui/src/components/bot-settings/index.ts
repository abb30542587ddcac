export type {
  BotAuditItem,
  BotConfigItem,
  BotConfigValues,
  BotSettingsProps,
  BotTestResult,
} from './BotSettings'
export { BotSettings } from './BotSettings'
