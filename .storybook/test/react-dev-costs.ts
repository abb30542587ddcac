/**
 * Two things React's development build does for the browser's developer tools, which no story reads, turned off
 * in the stories' page. Imported first by `./setup.ts`, before the story annotations bring in `react-dom`. React
 * still renders, checks and warns as in development, with each warning's component stack.
 *
 * - Owner stacks: for each element it creates (up to 10,000 a second) it records the stack that created it, an
 *   `Error` and a `console.createTask`. The count it keeps is pinned above its limit, so elements share one
 *   "unknown owner" stack.
 * - Performance tracks: after each commit it puts every component's render on the browser's timeline, with a
 *   diff of its props, through `console.timeStamp` (which `react-dom` looks for as it loads; without it,
 *   nothing is logged).
 *
 * Measured on two cores, 2026-11-30, the app's page stories alone (183), runs with and without this file taken in
 * turn, three each: 208–216 CPU-seconds and 114–118 s with both, 168–180 and 94–100 s without either.
 */
import * as React from 'react'

const internals = (React as unknown as Record<string, unknown>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE as Record<string, unknown> | undefined
// Once for the page: the stories' files share it.
if (typeof internals?.recentlyCreatedOwnerStacks === 'number') {
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
    configurable: true,
    get: () => Number.MAX_SAFE_INTEGER,
    set: () => {},
  })
}

;(console as Console & { timeStamp?: unknown }).timeStamp = undefined
