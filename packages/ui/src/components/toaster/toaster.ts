import { createToaster } from '@chakra-ui/react'

/** Toast duration of the product (seed §9). */
export const TOAST_DURATION = 3000

/**
 * The one toast store. Toasts created with the same `id` replace each other instead of stacking.
 * Bottom-start, as Gmail places them: the top bar's actions and bell, the conversation's header buttons
 * and the composer's send button (bottom-end) all stay uncovered.
 */
export const toaster = createToaster({
  placement: 'bottom-start',
  duration: TOAST_DURATION,
  pauseOnPageIdle: true,
  max: 5,
})
