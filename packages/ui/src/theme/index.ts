import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react'
import { navItemRecipe } from './recipes'
import { semanticTokens, tokens } from './tokens'

export { navItemRecipe }

const config = defineConfig({
  globalCss: {
    html: { colorPalette: 'brand' },
  },
  theme: {
    breakpoints: { sm: '600px' },
    tokens,
    semanticTokens,
    recipes: { navItem: navItemRecipe },
  },
})

/** The LimeDesk design system: Chakra defaults plus the lime brand, Inter and a 600 px `sm` breakpoint. */
export const system = createSystem(defaultConfig, config)
