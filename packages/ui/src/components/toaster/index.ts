export { Toaster } from './Toaster'
export { TOAST_DURATION, toaster } from './toaster'
export type { Notify } from './useNotify'
export { useNotify } from './useNotify'
