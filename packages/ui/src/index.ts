// Provider, theme and messages

// Layout
export * from './components/app-shell'
export * from './components/confirm-dialog'
export * from './components/connection-modal'
export * from './components/connections-table'
export * from './components/contact-drawer'
export * from './components/contact-modal'
// Tickets and conversations
export * from './components/conversation'
export * from './components/empty-state'
export * from './components/error-message'
// Auth
export * from './components/login-form'
export * from './components/message-bubble'
export * from './components/message-input'
export * from './components/new-ticket-dialog'
export * from './components/notifications-bell'
export * from './components/page'
export * from './components/qr-code-dialog'
export * from './components/restricted-markdown'
export * from './components/settings-form'
export * from './components/signup-form'
export * from './components/ticket-list'
export * from './components/ticket-list-item'
export * from './components/tickets-manager'
// Feedback
export * from './components/toaster'
export * from './components/transfer-ticket-dialog'
// Users and settings
export * from './components/user-modal'
export * from './components/users-table'
export type { MessageId, Messages } from './i18n'
export { isUiLocale, LOCALE_NAMES, LOCALES, messages, messagesFor } from './i18n'
export * from './lib/datetime'
export type { ColorMode, UiLocale, UiProviderProps } from './provider/UiProvider'
export { UiProvider } from './provider/UiProvider'
export { system } from './theme'
