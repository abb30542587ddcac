import { createToaster } from '@chakra-ui/react'

/** Toast duration of the product (seed §9). */
export const TOAST_DURATION = 3000

/** The one toast store. Toasts created with the same `id` replace each other instead of stacking. */
export const toaster = createToaster({ placement: 'top-end', duration: TOAST_DURATION, pauseOnPageIdle: true, max: 5 })
