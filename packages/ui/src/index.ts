export type { ColorMode, UiLocale, UiProviderProps } from './provider/UiProvider'
export { UiProvider } from './provider/UiProvider'
