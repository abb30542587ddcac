// Provider, theme and messages

// Layout
export * from './components/app-shell'
export * from './components/confirm-dialog'
export * from './components/empty-state'
export * from './components/error-message'
// Auth
export * from './components/login-form'
export * from './components/page'
export * from './components/settings-form'
export * from './components/signup-form'
// Feedback
export * from './components/toaster'
// Users and settings
export * from './components/user-modal'
export * from './components/users-table'
export type { MessageId, Messages } from './i18n'
export { isUiLocale, LOCALE_NAMES, LOCALES, messages, messagesFor } from './i18n'
export * from './lib/datetime'
export type { ColorMode, UiLocale, UiProviderProps } from './provider/UiProvider'
export { UiProvider } from './provider/UiProvider'
export { system } from './theme'
