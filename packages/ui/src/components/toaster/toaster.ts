import { createToaster } from '@chakra-ui/react'

/** Toast duration of the product (seed §9). */
export const TOAST_DURATION = 3000

/**
 * Where the toasts sit: over the top bar, which holds nothing to click between the logo and its buttons.
 * From 600 px (the side menu shown) the toast starts above the page, past the logo; on a phone it starts
 * after the menu button (the Toaster sets `--toast-inset-start` per width). The menu, the page's list rows,
 * the conversation and the composer all stay uncovered.
 */
export const TOAST_OFFSETS = { top: '0.375rem', bottom: '1rem', left: 'var(--toast-inset-start)', right: '0.75rem' }

/**
 * The one toast store. Toasts created with the same `id` replace each other instead of stacking;
 * several at once overlap in one pile (hover or focus spreads them), so they never run down the page.
 */
export const toaster = createToaster({
  placement: 'top-start',
  offsets: TOAST_OFFSETS,
  overlap: true,
  duration: TOAST_DURATION,
  pauseOnPageIdle: true,
  max: 5,
})
