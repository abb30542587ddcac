import { defineSemanticTokens, defineTokens } from '@chakra-ui/react'

/** The lime scale behind the brand palette (the product's primary colour). */
export const tokens = defineTokens({
  colors: {
    brand: {
      50: { value: '#f7fee7' },
      100: { value: '#ecfccb' },
      200: { value: '#d9f99d' },
      300: { value: '#bef264' },
      400: { value: '#a3e635' },
      500: { value: '#84cc16' },
      600: { value: '#65a30d' },
      700: { value: '#4d7c0f' },
      800: { value: '#3f6212' },
      900: { value: '#365314' },
      950: { value: '#1a2e05' },
    },
  },
  fonts: {
    heading: { value: "'Inter', ui-sans-serif, system-ui, sans-serif" },
    body: { value: "'Inter', ui-sans-serif, system-ui, sans-serif" },
  },
})

/**
 * `colorPalette="brand"` reads these. The solid lime keeps dark text on it in both modes
 * so the contrast stays above 4.5:1; text-coloured brand (`brand.fg`) darkens in light mode.
 */
export const semanticTokens = defineSemanticTokens({
  colors: {
    brand: {
      solid: { value: { _light: '{colors.brand.500}', _dark: '{colors.brand.500}' } },
      contrast: { value: { _light: '{colors.brand.950}', _dark: '{colors.brand.950}' } },
      fg: { value: { _light: '{colors.brand.800}', _dark: '{colors.brand.300}' } },
      muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
      subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
      emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
      focusRing: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.400}' } },
      border: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.400}' } },
    },
    bg: {
      DEFAULT: { value: { _light: '{colors.white}', _dark: '{colors.gray.950}' } },
      panel: { value: { _light: '{colors.white}', _dark: '{colors.gray.900}' } },
    },
    // Chakra's light-mode red.500 text reads 3.8:1 on white; red.600 passes 4.5:1.
    fg: {
      error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } },
    },
    // White on Chakra's green.600 (success toasts, badges) reads 3.3:1; green.700 passes 4.5:1.
    green: {
      solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.700}' } },
    },
    // Read ticks in a saturated blue, as WhatsApp draws them: Chakra's blue.fg (blue.300 in dark mode) is as
    // pale as the delivered ticks' grey on the dark green bubble.
    ack: {
      read: { value: { _light: '{colors.blue.600}', _dark: '{colors.blue.500}' } },
    },
    shell: {
      sidebar: { value: { _light: '{colors.gray.50}', _dark: '{colors.black}' } },
      topbar: { value: { _light: '{colors.white}', _dark: '{colors.gray.900}' } },
    },
  },
  sizes: {
    drawer: { value: '240px' },
  },
})
