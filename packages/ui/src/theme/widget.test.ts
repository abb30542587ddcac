import { describe, expect, it } from 'vitest'
import { widgetColorVars } from './widget'

describe('widgetColorVars', () => {
  it("paints the brand palette with the host's colour, white text on a dark one", () => {
    const vars = widgetColorVars('#1D4ED8')
    expect(vars['--chakra-colors-brand-solid']).toBe('#1D4ED8')
    expect(vars['--chakra-colors-brand-contrast']).toBe('var(--chakra-colors-white)')
    // Shades follow the colour mode: mixed with its background and text, never a fixed colour.
    expect(vars['--chakra-colors-brand-subtle']).toBe('color-mix(in oklab, #1D4ED8 14%, var(--chakra-colors-bg))')
    expect(vars['--chakra-colors-brand-fg']).toBe('color-mix(in oklab, #1D4ED8 60%, var(--chakra-colors-fg))')
  })

  it('puts near-black text on a light colour', () => {
    expect(widgetColorVars('#facc15')['--chakra-colors-brand-contrast']).toBe('var(--chakra-colors-gray-950)')
    expect(widgetColorVars('#84cc16')['--chakra-colors-brand-contrast']).toBe('var(--chakra-colors-gray-950)')
  })

  it('keeps the theme for anything but #rrggbb (nothing a host sends reaches the CSS unchecked)', () => {
    for (const value of [undefined, '', 'red', '#fff', '#12345g', 'url(x)', '#123456; color: red']) {
      expect(widgetColorVars(value)).toEqual({})
    }
  })
})
