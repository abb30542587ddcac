import type { WidgetTheme } from '@desk/api-client/contract'

/** The contract's default theme (`DEFAULT_WIDGET_THEME`), without loading the contract's schemas. */
export const FALLBACK_THEME: WidgetTheme = {
  primaryColor: '#84cc16',
  mode: 'auto',
  position: 'right',
  launcherText: '',
  launcherIcon: 'chat',
}
