import type { WidgetThemeMode } from '@desk/api-client/contract'
import { useSyncExternalStore } from 'react'

const DARK = '(prefers-color-scheme: dark)'
const subscribe = (onChange: () => void) => {
  const query = matchMedia(DARK)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}
const prefersDark = () => matchMedia(DARK).matches

/** The colour mode to draw: the theme's, or the visitor's system preference when it says `auto`. */
export function useColorMode(mode: WidgetThemeMode): 'light' | 'dark' {
  const dark = useSyncExternalStore(subscribe, prefersDark, () => false)
  return mode === 'auto' ? (dark ? 'dark' : 'light') : mode
}
