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
import { publicRecipes, publicSlotRecipes } from './used-recipes'

/**
 * Chakra's default theme (tokens, text and layer styles, global CSS) with only the recipes of the
 * components the public pages draw: the other ninety-odd recipes would be shipped with every page, and
 * the signed-in app's own are registered when it loads (`registerAppRecipes`).
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
    recipes: publicRecipes,
    slotRecipes: publicSlotRecipes,
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
  },
})

/** The LimeDesk design system: Chakra defaults plus the lime brand, Inter and a 600 px `sm` breakpoint. */
export const system = createSystem(defaultBaseConfig, chakraTheme, config)
