import { createDeskSystem } from './desk-system'
import { widgetRecipes, widgetSlotRecipes } from './widget'

/** Chakra's keyframes that the widget's recipes animate with: the spinner, the skeleton (both variants) and its fade. */
const widgetKeyframes = {
  spin: { '0%': { transform: 'rotate(0deg)' }, '100%': { transform: 'rotate(360deg)' } },
  pulse: { '50%': { opacity: '0.5' } },
  'fade-in': { from: { opacity: 0 }, to: { opacity: 1 } },
  'bg-position': {
    from: { backgroundPosition: 'var(--animate-from, 1rem) 0' },
    to: { backgroundPosition: 'var(--animate-to, 0) 0' },
  },
}

/**
 * The widget frame's system: the desk's theme with only the recipes the widget draws first, their keyframes,
 * and no animation styles (it opens no dialog, menu or popover).
 */
export const widgetSystem = createDeskSystem({
  recipes: widgetRecipes,
  slotRecipes: widgetSlotRecipes,
  keyframes: widgetKeyframes,
})
