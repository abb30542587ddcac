import { buttonRecipe, linkRecipe, skeletonRecipe, spinnerRecipe } from '@chakra-ui/react/theme'

/**
 * The recipes the widget's frame starts with (`widgetSystem`): buttons and their spinner, links in messages,
 * the loading skeleton. Nothing of the desk's sign-in pages, tables, menus or dialogs.
 */
export const widgetRecipes = {
  button: buttonRecipe,
  link: linkRecipe,
  skeleton: skeletonRecipe,
  spinner: spinnerRecipe,
}
export const widgetSlotRecipes = {}

const HEX = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i

/** Relative luminance (WCAG) of `#rrggbb`, or undefined when it is not one. */
export function luminanceOf(hex: string): number | undefined {
  const match = HEX.exec(hex.trim())
  if (!match) return undefined
  const [r, g, b] = match.slice(1).map((part) => {
    const c = Number.parseInt(part, 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)
/** Luminance of Chakra's gray.950 (#09090b), the dark text on a light primary. */
const DARK_TEXT = 0.0027

const token = (name: string) => `var(--chakra-colors-${name})`
/** `primary` mixed into a theme colour (the mode's background or text), `percent` of it. */
const mix = (primary: string, percent: number, base: string) =>
  `color-mix(in oklab, ${primary} ${percent}%, ${token(base)})`

/**
 * CSS variables that repaint the brand palette (so `colorPalette="brand"`) with a host's `#rrggbb`: the solid
 * colour itself with white or near-black text on it (whichever reads better), and the muted, subtle and
 * text shades mixed with the colour mode's own background and text, so they follow light and dark.
 * Empty for anything but `#rrggbb` (the theme's lime stays). Set them on an element that also sets
 * `colorPalette="brand"`, so the palette's variables resolve against them.
 */
export function widgetColorVars(primaryColor: string | undefined): Record<string, string> {
  const luminance = primaryColor === undefined ? undefined : luminanceOf(primaryColor)
  if (primaryColor === undefined || luminance === undefined) return {}
  const primary = primaryColor.trim()
  const darkText = contrast(luminance, DARK_TEXT) >= contrast(luminance, 1)
  return {
    '--chakra-colors-brand-solid': primary,
    '--chakra-colors-brand-contrast': token(darkText ? 'gray-950' : 'white'),
    '--chakra-colors-brand-fg': mix(primary, 60, 'fg'),
    '--chakra-colors-brand-muted': mix(primary, 30, 'bg'),
    '--chakra-colors-brand-subtle': mix(primary, 14, 'bg'),
    '--chakra-colors-brand-emphasized': mix(primary, 45, 'bg'),
    '--chakra-colors-brand-focus-ring': primary,
    '--chakra-colors-brand-border': primary,
  }
}
