/** The relative luminance of an sRGB colour written `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (WCAG 2). */
export const luminanceOf = (hex: string): number | null => {
  const digits = hex.trim().replace(/^#/, '')
  const full = digits.length <= 4 ? [...digits.slice(0, 3)].map((d) => d + d).join('') : digits.slice(0, 6)
  if (!/^[0-9a-f]{6}$/i.test(full)) return null
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(full.slice(i, i + 2), 16) / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** The theme's `black` (#09090b) and `white` (#ffffff), as luminances. */
const BLACK = 0.0027
const WHITE = 1
const ratio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)

export interface ChipColors {
  text: 'black' | 'white'
  /** The tag's colour, or a slightly darker mix of it where neither text colour reaches 4.5:1. */
  background: string
}

/**
 * The chip's text (the theme's black or white, whichever contrasts more) and background. A few
 * mid-tone colours reach 4.5:1 with neither: their background is darkened by 15 % under white text.
 */
export const chipColors = (color: string): ChipColors => {
  const l = luminanceOf(color)
  if (l === null) return { text: 'white', background: color }
  const onBlack = ratio(l, BLACK)
  const onWhite = ratio(l, WHITE)
  if (Math.max(onBlack, onWhite) >= 4.6) return { text: onBlack >= onWhite ? 'black' : 'white', background: color }
  return { text: 'white', background: `color-mix(in srgb, ${color} 85%, black)` }
}

/** The text colour alone (see `chipColors`). */
export const textOn = (background: string): 'black' | 'white' => chipColors(background).text
