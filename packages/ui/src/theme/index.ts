import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react'
import {
  animationStyles,
  breakpoints,
  semanticTokens as chakraSemanticTokens,
  tokens as chakraTokens,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  textStyles,
} from '@chakra-ui/react/theme'
import { navItemRecipe } from './recipes'
import { semanticTokens, tokens } from './tokens'
import { chakraRecipes, chakraSlotRecipes } from './used-recipes'

export { navItemRecipe }

/**
 * Chakra's default theme (tokens, text and layer styles, global CSS) with only the recipes of the
 * components this product draws: the other ninety-odd recipes would be shipped with every page.
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: chakraTokens,
    semanticTokens: chakraSemanticTokens,
    recipes: chakraRecipes,
    slotRecipes: chakraSlotRecipes,
    textStyles,
    layerStyles,
    animationStyles,
  },
})

const config = defineConfig({
  globalCss: {
    html: { colorPalette: 'brand' },
  },
  theme: {
    breakpoints: { sm: '600px' },
    tokens,
    semanticTokens,
    recipes: { navItem: navItemRecipe },
    // On a phone a dialog keeps a margin from the screen's edges instead of touching them.
    slotRecipes: {
      dialog: {
        slots: chakraSlotRecipes.dialog.slots,
        base: { positioner: { paddingInline: { base: '4', sm: '0' } } },
      },
    },
  },
})

/** The LimeDesk design system: Chakra defaults plus the lime brand, Inter and a 600 px `sm` breakpoint. */
export const system = createSystem(defaultBaseConfig, chakraTheme, config)
