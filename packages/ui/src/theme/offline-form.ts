import { fieldSlotRecipe, inputRecipe } from '@chakra-ui/react/theme'

/**
 * What the widget's offline e-mail form, loaded only when nobody is online, brings with it (`useRecipes`):
 * its own module, so the form's chunk carries these recipes instead of the widget's first one.
 */
export const offlineFormRecipes = { recipes: { input: inputRecipe }, slotRecipes: { field: fieldSlotRecipe } }
