/** The queue colour palette: ten hues of the theme in five shades, fifty colours in all. */
export const PALETTE_HUES = [
  'red',
  'orange',
  'yellow',
  'brand',
  'green',
  'teal',
  'cyan',
  'blue',
  'purple',
  'pink',
] as const
export const PALETTE_SHADES = [300, 400, 500, 600, 700] as const

export type PaletteHue = (typeof PALETTE_HUES)[number]

export interface PaletteColor {
  hue: PaletteHue
  shade: (typeof PALETTE_SHADES)[number]
  /** The theme token, e.g. `red.500`. */
  token: string
}

/** Row by row (one shade a row), so the arrow keys walk along a row of hues. */
export const PALETTE: PaletteColor[] = PALETTE_SHADES.flatMap((shade) =>
  PALETTE_HUES.map((hue) => ({ hue, shade, token: `${hue}.${shade}` })),
)

/** Light shades carry a dark tick, dark shades a light one. */
export const isLightShade = (shade: number) => shade <= 400
