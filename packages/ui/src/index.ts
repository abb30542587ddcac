// Provider, theme and messages
export type { ColorMode, UiLocale, UiProviderProps } from './provider/UiProvider'
export { UiProvider } from './provider/UiProvider'
export { system } from './theme'
export type { MessageId, Messages } from './i18n'
export { LOCALE_NAMES, LOCALES, isUiLocale, messages, messagesFor } from './i18n'
export * from './lib/datetime'

// Feedback
export * from './components/toaster'
export * from './components/error-message'
export * from './components/confirm-dialog'

// Auth
export * from './components/login-form'
export * from './components/signup-form'

// Layout
export * from './components/app-shell'
export * from './components/page'
export * from './components/empty-state'

// Users and settings
export * from './components/user-modal'
export * from './components/users-table'
export * from './components/settings-form'
