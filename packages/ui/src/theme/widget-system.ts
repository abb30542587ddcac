import { createDeskSystem } from './desk-system'
import { widgetRecipes, widgetSlotRecipes } from './widget'

/**
 * The widget frame's system: the desk's theme with only the recipes the widget draws first, and no animation
 * styles (it opens no dialog, menu or popover).
 */
export const widgetSystem = createDeskSystem({ recipes: widgetRecipes, slotRecipes: widgetSlotRecipes })
