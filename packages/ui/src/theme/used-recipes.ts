import {
  alertSlotRecipe,
  buttonRecipe,
  cardSlotRecipe,
  fieldSlotRecipe,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  linkRecipe,
  spinnerRecipe,
} from '@chakra-ui/react/theme'

/**
 * Chakra's recipes for what the public pages draw (sign-in and sign-up: a card with a heading, fields,
 * inputs, a button with its spinner, an alert and a link), under Chakra's keys. The system starts with
 * these only; the signed-in app registers the rest (`app-recipes.ts`) and the toasts their own, so
 * /login does not download the recipes of menus, dialogs and tables. A component whose recipe is
 * missing renders unstyled; `theme.test.ts` checks every `@chakra-ui/react` import against the sets.
 */
export const publicRecipes = {
  button: buttonRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  link: linkRecipe,
  spinner: spinnerRecipe,
}

export const publicSlotRecipes = {
  alert: alertSlotRecipe,
  card: cardSlotRecipe,
  field: fieldSlotRecipe,
}
