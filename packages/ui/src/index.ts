// Provider, theme and messages

export * from './components/admin-table'
// Layout
export * from './components/app-shell'
export * from './components/bot-settings'
export * from './components/bot-switches'
// Outreach
export * from './components/bulk-send-form'
export * from './components/channel-mark'
export * from './components/command-palette'
export * from './components/confirm-dialog'
export * from './components/connection-modal'
export * from './components/connections-table'
export * from './components/contact-drawer'
export * from './components/contact-modal'
export * from './components/contacts-table'
// Tickets and conversations
export * from './components/conversation'
// Protocol close, e-mail and the conversation export (issue 13).
export * from './components/conversation-tools'
export * from './components/dashboard-counters'
export * from './components/date-time-input'
export * from './components/empty-state'
export * from './components/error-message'
export * from './components/form-dialog'
export * from './components/group-action-confirm'
export * from './components/groups-directory'
export * from './components/groups-form'
export * from './components/import-history-form'
export * from './components/job-progress'
export * from './components/job-recipients-table'
export * from './components/jobs-table'
// Kanban
export * from './components/kanban-board'
export * from './components/kanban-card'
export * from './components/lane-editor'
export * from './components/lane-selector'
export * from './components/list-state'
// Auth
export * from './components/login-form'
export * from './components/message-bubble'
export * from './components/message-input'
export * from './components/new-ticket-dialog'
export * from './components/not-found'
export * from './components/notifications-bell'
export * from './components/outreach-jobs'
export * from './components/page'
export * from './components/protocol-dialog'
export * from './components/qr-code-dialog'
export * from './components/queue-modal'
export * from './components/queues-table'
export * from './components/quick-answer-modal'
export * from './components/quick-answers-table'
export * from './components/reschedule-job-dialog'
export * from './components/restricted-markdown'
export * from './components/schedule-send-form'
export * from './components/search-field'
export * from './components/settings-form'
export * from './components/shortcuts-dialog'
export * from './components/signup-form'
export * from './components/smtp-settings-form'
// Tags
export * from './components/tag-chip'
export * from './components/tag-editor'
export * from './components/tag-filter'
export * from './components/tag-modal'
export * from './components/tags-table'
export * from './components/telephony-send-form'
export * from './components/template-picker'
export * from './components/templates-list'
export * from './components/ticket-list'
export * from './components/ticket-list-item'
export * from './components/tickets-manager'
export * from './components/tickets-per-hour-chart'
// Feedback
export * from './components/toaster'
export * from './components/transfer-ticket-dialog'
// Users and settings
export * from './components/user-modal'
export * from './components/users-table'
export * from './components/web-chat-embed'
// The embeddable widget (issue 14)
export * from './components/widget-launcher'
export * from './components/widget-panel'
export type { MessageId, Messages } from './i18n'
export {
  isUiLocale,
  isWidgetMessage,
  LOCALE_NAMES,
  LOCALES,
  messages,
  messagesFor,
  registerAppMessages,
  WIDGET_MESSAGE,
} from './i18n'
export { previewKind } from './internal/messageBody'
export * from './lib/datetime'
export { formatPhoneNumber } from './lib/phone'
export type { ColorMode, UiLocale, UiProviderProps } from './provider/UiProvider'
export { UiProvider } from './provider/UiProvider'
export { registerAppRecipes, system, widgetColorVars, widgetSystem } from './theme'
