import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react'
import {
  breakpoints,
  semanticTokens as chakraSemanticTokens,
  tokens as chakraTokens,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  layerStyles,
  textStyles,
} from '@chakra-ui/react/theme'
import type { RecipeSet } from './registry'

type Theme = NonNullable<Parameters<typeof defineConfig>[0]['theme']>

/**
 * What a system starts with: its recipes, its keyframes (Chakra's all, or those its recipes animate with), and
 * Chakra's animation styles where it draws overlays that use them.
 */
export interface DeskSystemParts extends RecipeSet {
  keyframes: Theme['keyframes']
  animationStyles?: Theme['animationStyles']
}

import { semanticTokens, tokens } from './tokens'

/**
 * Chakra's default theme (tokens, text and layer styles, global CSS) with only the given recipes: the other
 * ninety-odd would be shipped with every page. The rest are registered when what draws them loads.
 */
const chakraTheme = ({ recipes, slotRecipes, keyframes, animationStyles }: DeskSystemParts) =>
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
 * starts with the given recipes (Chakra's, under their keys), keyframes and animation styles.
 */
export const createDeskSystem = (parts: DeskSystemParts) => createSystem(defaultBaseConfig, chakraTheme(parts), config)
