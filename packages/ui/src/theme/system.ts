import { animationStyles, keyframes } from '@chakra-ui/react/theme'
import { createDeskSystem } from './desk-system'
import { navItemRecipe } from './recipes'
import { publicRecipes, publicSlotRecipes } from './used-recipes'

/**
 * The desk's system: from the start the recipes of what the public pages draw; the signed-in app registers
 * its own when it loads (`registerAppRecipes`), the toasts theirs.
 */
export const system = createDeskSystem({
  recipes: { ...publicRecipes, navItem: navItemRecipe },
  slotRecipes: publicSlotRecipes,
  keyframes,
  // The dialogs', menus' and toasts' entrances.
  animationStyles,
})
