/**
 * Setup for the `storybook` test project (runs in Chromium before every stories file).
 *
 * Each story is one test: render, play function, accessibility check at error level, and then a
 * screenshot of the whole viewport compared with its committed baseline in `__screenshots__/`.
 * - A missing baseline fails under CI=true; elsewhere it is written and reported as a warning.
 * - `npm run test:update-baselines` rewrites every baseline that differs.
 *
 * The comparison is a story-level `afterEach`, so it runs inside the story's test after the play
 * function and the accessibility check, while Storybook still holds animations paused.
 */

import { getProjectAnnotations } from 'virtual:/@storybook/builder-vite/project-annotations.js'
import type { StoryContext } from '@storybook/react-vite'
import { setProjectAnnotations } from 'storybook/preview-api'
import { configure } from 'storybook/test'
import { beforeAll, beforeEach, expect } from 'vitest'
import { page, userEvent } from 'vitest/browser'

const STILL_CSS = `
*, *::before, *::after {
  animation: none !important;
  transition: none !important;
  caret-color: transparent !important;
}
body { min-height: 100vh; }
`

/** The message Vitest gives when it has just written a missing reference (never under CI=true). */
const CREATED_LOCALLY = 'a new one was created'

/** Longest wait for requests in flight; a story that shows a loading state keeps one open on purpose. */
const SETTLE_LIMIT_MS = 3000

function nextFrame() {
  return new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))
}

// Requests in flight (answered by msw in page stories): the capture waits for them so a page shows its
// data, whether or not the story's play function waited for it.
let inFlight = 0
const realFetch = window.fetch.bind(window)
window.fetch = async (...args: Parameters<typeof fetch>) => {
  inFlight += 1
  try {
    return await realFetch(...args)
  } finally {
    // The response is handled in a later task; count the request until then.
    setTimeout(() => {
      inFlight -= 1
    }, 0)
  }
}

async function settle() {
  const deadline = performance.now() + SETTLE_LIMIT_MS
  let quietFrames = 0
  // Two consecutive frames with nothing in flight and no font loading, then the page is still.
  while (quietFrames < 2 && performance.now() < deadline) {
    await nextFrame()
    await document.fonts.ready
    quietFrames = inFlight === 0 ? quietFrames + 1 : 0
  }
}

async function matchBaseline({ name }: StoryContext) {
  await settle()
  try {
    // A locator, not the element: Vitest then compares once instead of polling until the timeout.
    await expect.element(page.elementLocator(document.body)).toMatchScreenshot(name)
  } catch (error) {
    if (error instanceof Error && error.message.includes(CREATED_LOCALLY)) {
      console.warn(`New visual baseline written for story "${name}": review it and commit it.`)
      return
    }
    throw error
  }
}

/**
 * The browser's real pointer stays where a story left it (a story that tests CSS `:hover` moves it, and
 * `unhover` parks it in the middle of the page), so the next story would render something hovered. Each
 * story starts with the pointer in the bottom-right corner, where no story draws anything.
 */
async function parkPointer() {
  const corner = document.createElement('div')
  corner.style.cssText = 'position:fixed;right:0;bottom:0;width:2px;height:2px;z-index:2147483647'
  document.body.append(corner)
  try {
    await userEvent.hover(corner, { force: true, timeout: 1000 } as Parameters<typeof userEvent.hover>[1])
  } finally {
    corner.remove()
  }
}

// `findBy…` and `waitFor` give up after 1 s by default: too short on a busy two-core machine, where a
// page's first mock answer can take longer. A story that is wrong still fails, only later.
configure({ asyncUtilTimeout: 5000 })

beforeAll(() => {
  // Same annotations as the Storybook UI, plus the visual check after every story. Done in a hook
  // because Storybook's own setup file, which applies the plain annotations, may load after this one.
  setProjectAnnotations([getProjectAnnotations(), { afterEach: matchBaseline }])

  const style = document.createElement('style')
  style.dataset.testStill = ''
  style.textContent = STILL_CSS
  document.head.append(style)
})

beforeEach(async () => {
  // A language choice or a token saved by one story must not leak into the next.
  localStorage.clear()
  sessionStorage.clear()
  await parkPointer()
})
