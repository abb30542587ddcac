import {
  badgeRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  colorSwatchRecipe,
  comboboxSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldsetSlotRecipe,
  inputAddonRecipe,
  kbdRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  skeletonRecipe,
  statSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme'
import { registerRecipes } from './registry'
import { system } from './system'

/** The recipes of what only the signed-in app draws, under Chakra's keys (see `used-recipes.ts`). */
export const appRecipes = {
  badge: badgeRecipe,
  // Checkbox draws its tick with Checkmark.
  checkmark: checkmarkRecipe,
  // A Cloud API connection's webhook path.
  code: codeRecipe,
  colorSwatch: colorSwatchRecipe,
  inputAddon: inputAddonRecipe,
  kbd: kbdRecipe,
  skeleton: skeletonRecipe,
  textarea: textareaRecipe,
}

export const appSlotRecipes = {
  checkbox: checkboxSlotRecipe,
  combobox: comboboxSlotRecipe,
  // On a phone a dialog keeps a margin from the screen's edges instead of touching them.
  dialog: {
    ...dialogSlotRecipe,
    base: {
      ...dialogSlotRecipe.base,
      positioner: { ...dialogSlotRecipe.base?.positioner, paddingInline: { base: '4', sm: '0' } },
    },
  },
  drawer: drawerSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  // The Instagram direct estimate's names that cannot be messaged.
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  popover: popoverSlotRecipe,
  // The outreach jobs' progress bars.
  progress: progressSlotRecipe,
  stat: statSlotRecipe,
  table: tableSlotRecipe,
  // The groups page's six tabs.
  tabs: tabsSlotRecipe,
  // Why a bot switch is off.
  tooltip: tooltipSlotRecipe,
}

/**
 * Adds the signed-in app's recipes to the system. The app's private layout calls it when its chunk
 * loads, before anything of it draws; stories and tests call it once at start.
 */
export function registerAppRecipes() {
  registerRecipes({ recipes: appRecipes, slotRecipes: appSlotRecipes }, system)
}
