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
import type { RecipeSet } from './registry'
import { semanticTokens, tokens } from './tokens'

/**
 * Chakra's default theme (tokens, text and layer styles, global CSS) with only the given recipes: the other
 * ninety-odd would be shipped with every page. The rest are registered when what draws them loads.
 */
const chakraTheme = ({ recipes, slotRecipes }: RecipeSet) =>
  defineConfig({
    preflight: true,
    cssVarsPrefix,
    cssVarsRoot,
    globalCss,
    theme: {
      breakpoints,
      keyframes,
      tokens: chakraTokens,
      semanticTokens: chakraSemanticTokens,
      recipes,
      slotRecipes,
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
  },
})

/**
 * A LimeDesk design system (Chakra defaults plus the lime brand, Inter and a 600 px `sm` breakpoint) that
 * starts with `recipes` and Chakra's under their keys.
 */
export const createDeskSystem = (recipes: RecipeSet) => createSystem(defaultBaseConfig, chakraTheme(recipes), config)
