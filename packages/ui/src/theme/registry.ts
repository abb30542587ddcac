import { type SystemConfig, type SystemContext, useChakraContext } from '@chakra-ui/react'

type Theme = NonNullable<SystemConfig['theme']>

export interface RecipeSet {
  recipes?: Theme['recipes']
  slotRecipes?: Theme['slotRecipes']
}

/**
 * Adds recipes to a system after it was created. Chakra's system looks recipes up in its theme
 * each time a component first asks for one, so a recipe registered before any component using it
 * draws behaves as if it had been there from the start. A key already present is kept.
 */
export function registerRecipes({ recipes = {}, slotRecipes = {} }: RecipeSet, target: SystemContext) {
  const theme = target._config.theme
  if (!theme) throw new Error('the system was created without a theme')
  theme.recipes = { ...recipes, ...theme.recipes }
  theme.slotRecipes = { ...slotRecipes, ...theme.slotRecipes }
}

/**
 * Registers, in the system of the provider above, the recipes a part loaded later draws with, before its
 * children draw (the widget's offline form brings the field and input recipes with it).
 */
export function useRecipes(set: RecipeSet) {
  const target = useChakraContext()
  const missing = [
    ...Object.keys(set.recipes ?? {}).filter((key) => !target.isRecipe(key)),
    ...Object.keys(set.slotRecipes ?? {}).filter((key) => !target.isSlotRecipe(key)),
  ]
  if (missing.length > 0) registerRecipes(set, target)
}
