import { type ReactNode, Suspense, useState } from 'react'

export interface OnceOpenedProps {
  open: boolean
  /** A dialog loaded with `lazy`, given the same `open`. */
  children: ReactNode
}

/**
 * Draws a lazily loaded dialog from the first time it opens, and keeps it mounted from then on: it
 * closes with its own animation and opens again at once. Until then nothing is drawn (a closed dialog
 * draws nothing either), so a page does not download the code of a form nobody has asked for.
 */
export function OnceOpened({ open, children }: OnceOpenedProps) {
  const [wanted, setWanted] = useState(open)
  if (open && !wanted) setWanted(true)
  return wanted || open ? <Suspense fallback={null}>{children}</Suspense> : null
}
