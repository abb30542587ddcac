import type { SystemConfig } from '@chakra-ui/react'
import { system } from './system'

type Theme = NonNullable<SystemConfig['theme']>

export interface RecipeSet {
  recipes?: Theme['recipes']
  slotRecipes?: Theme['slotRecipes']
}

/**
 * Adds recipes to the one system after it was created. Chakra's system looks recipes up in its theme
 * each time a component first asks for one, so a recipe registered before any component using it
 * draws behaves as if it had been there from the start. A key already present is kept.
 */
export function registerRecipes({ recipes = {}, slotRecipes = {} }: RecipeSet) {
  const theme = system._config.theme
  if (!theme) throw new Error('the system was created without a theme')
  theme.recipes = { ...recipes, ...theme.recipes }
  theme.slotRecipes = { ...slotRecipes, ...theme.slotRecipes }
}
