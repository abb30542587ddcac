/**
 * Setup for the `storybook` test project (runs in Chromium before every stories file).
 *
 * Each story is one test: render, play function, accessibility check at error level, and then a
 * screenshot compared with its committed baseline in `__screenshots__/`. The picture is the story's own
 * root (grown to take in a menu, popover or toast that a portal shows beside it), the open dialog's box
 * when a modal dialog or drawer is open, the whole matrix of a Catalog story, and the whole page only
 * for stories with `parameters.layout: 'fullscreen'` (app pages) or `parameters.screenshot: 'viewport'`.
 * A matrix or a page taller than the story's frame grows the frame first: nothing below it is painted.
 * The picture is one clipped capture by the `matchStoryScreenshot` command (`./commands.ts`).
 * - A missing baseline fails under CI=true; elsewhere it is written and reported as a warning.
 * - `npm run test:update-baselines` rewrites every baseline that differs.
 *
 * Every stories file runs in the same page (no per-file isolation): before each story, once the previous
 * one has unmounted, `resetBetweenStories` puts back what a story may leave behind.
 *
 * The comparison is a story-level `afterEach`, so it runs inside the story's test after the play
 * function and the accessibility check, while Storybook still holds animations paused.
 */

// First: it changes what React's development build does as it loads.
import './react-dev-costs'
import { getProjectAnnotations } from 'virtual:/@storybook/builder-vite/project-annotations.js'
import { toaster } from '@desk/ui'
import { partsLoaded } from '@desk/ui/testing'
import type { StoryContext } from '@storybook/react-vite'
import { setProjectAnnotations } from 'storybook/preview-api'
import { configure } from 'storybook/test'
import { beforeAll } from 'vitest'
import { commands, page, userEvent } from 'vitest/browser'
// The same modules that `@desk/api-client/mocks` re-exports (the root package does not depend on the API client).
import { closeMockSockets } from '../../packages/api-client/src/mocks/socket'
import { neverAnsweredRequests, requestKey, resetHandlerCounts } from '../../packages/api-client/src/mocks/support'
import type { ScreenshotBox, ScreenshotOutcome } from './commands'

declare module 'vitest/browser' {
  interface BrowserCommands {
    matchStoryScreenshot: (storyName: string, box: ScreenshotBox) => Promise<ScreenshotOutcome>
    movePointer: (x: number, y: number) => Promise<void>
  }
}

const STILL_CSS = `
*, *::before, *::after {
  animation: none !important;
  transition: none !important;
  caret-color: transparent !important;
}
body { min-height: 100vh; }
`

/** Longest wait for requests in flight (a safety net: requests that are never answered are not waited for). */
const SETTLE_LIMIT_MS = 3000

function nextFrame() {
  return new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))
}

/**
 * What this file sets up once for the page. Without per-file isolation the file runs again for every
 * stories file in the same page: the fetch is wrapped, and the untouched page recorded, only the first time.
 */
interface StoryTestState {
  /** Requests in flight, as `METHOD url`. */
  inFlight: Set<{ key: string }>
  /** Attributes of `<html>` and `<body>` before any story (scroll locks, `pointer-events`, classes come later). */
  pristine: Map<Element, Map<string, string>>
  /** What `<body>` held before any story (Vitest's own elements). */
  pristineBody: Set<Element>
}

const attributesOf = (element: Element) =>
  new Map(element.getAttributeNames().map((name) => [name, element.getAttribute(name) ?? '']))

function startState(): StoryTestState {
  // Requests in flight (answered by msw in page stories): the capture waits for them so a page shows its
  // data, whether or not the story's play function waited for it.
  const inFlight = new Set<{ key: string }>()
  const realFetch = window.fetch.bind(window)
  window.fetch = async (...args: Parameters<typeof fetch>) => {
    const [input, init] = args
    const url = input instanceof Request ? input.url : new URL(String(input), location.href).href
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET')
    const request = { key: requestKey(method, url) }
    inFlight.add(request)
    try {
      return await realFetch(...args)
    } finally {
      // The response is handled in a later task; count the request until then.
      setTimeout(() => inFlight.delete(request), 0)
    }
  }
  holdToasts()
  return {
    inFlight,
    pristine: new Map([document.documentElement, document.body].map((element) => [element, attributesOf(element)])),
    pristineBody: new Set(document.body.children),
  }
}

/**
 * Toasts live 3 s in the product. Here each one stays until the story ends (the next one's reset, or a play
 * function's `settle`, removes it): in a full run, on two busy cores, a story's check of its toast came after
 * those 3 s and found it going. The store hands every subscriber the toast it is about to show, this one
 * first (it subscribes before any story renders a Toaster), so the toast is shown as lasting from the start.
 */
function holdToasts() {
  toaster.subscribe((published: { id?: string; message?: string; dismiss?: boolean; duration?: number }) => {
    if (published.id && !published.message && !published.dismiss) published.duration = Number.POSITIVE_INFINITY
  })
}

const scope = window as typeof window & { __deskStoryTests?: StoryTestState }
scope.__deskStoryTests ??= startState()
const state = scope.__deskStoryTests

/**
 * Requests in flight that will be answered. One that a mock handler never answers (`neverAnswer`, a
 * loading state) is left out: waiting for it would only run into the limit.
 */
const awaited = () => [...state.inFlight].filter((request) => !neverAnsweredRequests.has(request.key)).length

async function settle() {
  const deadline = performance.now() + SETTLE_LIMIT_MS
  let quietFrames = 0
  // Two consecutive frames with nothing awaited in flight, no part loading after the first draw
  // (`later` in the ui) and no font loading, then the page is still.
  while (quietFrames < 2 && performance.now() < deadline) {
    await nextFrame()
    await partsLoaded()
    await document.fonts.ready
    quietFrames = awaited() === 0 ? quietFrames + 1 : 0
  }
}

/** Layers that portals put beside the story: dialogs, menus, listboxes, popovers, tooltips, toasts. */
const LAYERS = [
  '[role="dialog"]',
  '[role="alertdialog"]',
  '[role="menu"]',
  '[role="listbox"]',
  '[role="tooltip"]',
  '[data-part="content"][data-state="open"]',
  '[data-scope="toast"][data-part="root"]',
].join(', ')

const takesRoom = (element: Element) => {
  const rect = element.getBoundingClientRect()
  return rect.width > 0 && rect.height > 0
}

/** Room around the box for focus rings and shadows. */
const MARGIN = 4

/**
 * What the picture shows, in the frame's viewport and whole pixels: the story's own elements, grown to take
 * in every layer a portal shows beside them (a menu, a popover, a toast); when a modal dialog or drawer is
 * open, only the layers (its box and what opened above it). Null when the story shows nothing of its own.
 */
function captureBox({ canvasElement }: StoryContext): DOMRect | null {
  const provider = canvasElement.querySelector('.chakra-theme') ?? canvasElement
  // The provider's children that take room: not its (empty) portal root, not the toast group.
  const content = [...provider.children].filter(
    (child) => child.getAttribute('data-scope') !== 'toast' && takesRoom(child),
  )
  const layers = [...document.querySelectorAll(LAYERS)].filter(
    (layer) => !content.some((part) => part.contains(layer)) && takesRoom(layer),
  )
  const modal = layers.some((layer) => layer.getAttribute('aria-modal') === 'true')
  const parts = modal ? layers : [...content, ...layers]
  if (parts.length === 0) return null
  const rects = parts.map((part) => part.getBoundingClientRect())
  const left = Math.max(0, Math.floor(Math.min(...rects.map((r) => r.left)) - MARGIN))
  const top = Math.max(0, Math.floor(Math.min(...rects.map((r) => r.top)) - MARGIN))
  const right = Math.min(window.innerWidth, Math.ceil(Math.max(...rects.map((r) => r.right)) + MARGIN))
  const bottom = Math.ceil(Math.max(...rects.map((r) => r.bottom)) + MARGIN)
  return new DOMRect(left, top, right - left, bottom - top)
}

/** Stories whose picture is the whole page: the app's pages, and those that ask for the viewport. */
const wholePage = ({ parameters }: StoryContext) =>
  parameters.screenshot === 'viewport' || parameters.layout === 'fullscreen'

/**
 * A matrix is usually taller than the story's viewport, and nothing below the viewport is painted: the
 * viewport grows to hold it, up to the browser window's height in `vitest.config.ts` (each story sets its
 * own viewport again before it renders).
 */
async function fitViewport(element: Element) {
  const bottom = Math.ceil(element.getBoundingClientRect().bottom + window.scrollY)
  if (bottom <= window.innerHeight) return
  await page.viewport(window.innerWidth, bottom)
  await nextFrame()
  await nextFrame()
}

/** Where this frame's viewport starts in the browser window (the Playwright page holds the test frame). */
function frameOffset() {
  let x = 0
  let y = 0
  for (let view: Window = window; view.frameElement; view = view.parent) {
    const frame = view.frameElement.getBoundingClientRect()
    x += frame.left + view.frameElement.clientLeft
    y += frame.top + view.frameElement.clientTop
  }
  return { x, y }
}

/** A box of this frame's viewport in the browser window's coordinates, which the capture command takes. */
function inWindow(box: DOMRect): ScreenshotBox {
  const offset = frameOffset()
  return { x: box.x + offset.x, y: box.y + offset.y, width: box.width, height: box.height }
}

async function matchBaseline(context: StoryContext) {
  await settle()
  // The whole matrix of a Catalog story, or the whole page: grown into the frame first, as nothing below it is painted.
  const catalog = context.parameters.catalog ? context.canvasElement.querySelector('[data-catalog]') : null
  const whole = catalog ?? (wholePage(context) ? document.body : null)
  if (whole) await fitViewport(whole)
  const box = whole ? whole.getBoundingClientRect() : (captureBox(context) ?? document.body.getBoundingClientRect())
  const outcome = await commands.matchStoryScreenshot(context.name, inWindow(box))
  if (!outcome.pass) throw new Error(outcome.message)
  if (outcome.created) console.warn(`New visual baseline written for story "${context.name}": review it and commit it.`)
}

/**
 * The browser's real pointer stays where a story left it (a story that tests CSS `:hover` moves it, and
 * `unhover` parks it in the middle of the page), so the next story would render something hovered. Each
 * story starts with the pointer in the bottom-right corner of the frame, where no story draws anything.
 */
async function parkPointer() {
  const offset = frameOffset()
  await commands.movePointer(offset.x + window.innerWidth - 1, offset.y + window.innerHeight - 1)
}

function restoreAttributes(element: Element, saved: Map<string, string>) {
  for (const name of element.getAttributeNames()) if (!saved.has(name)) element.removeAttribute(name)
  for (const [name, value] of saved) if (element.getAttribute(name) !== value) element.setAttribute(name, value)
}

/**
 * Before every story, once the previous one has unmounted: nothing it left behind reaches the next
 * (colour mode and locale come from each story's own providers, the SWR cache is new for each story).
 */
async function resetBetweenStories({ canvasElement }: StoryContext) {
  // Toasts, live sockets and requests that the previous story left open.
  toaster.remove()
  closeMockSockets()
  neverAnsweredRequests.clear()
  resetHandlerCounts()
  state.inFlight.clear()
  // Portals that outlived their story, and the scroll lock, `pointer-events: none` or class that an open
  // dialog or menu put on <html> and <body>.
  for (const child of [...document.body.children]) {
    if (!state.pristineBody.has(child) && child !== canvasElement && child.tagName !== 'SCRIPT') child.remove()
  }
  for (const [element, saved] of state.pristine) restoreAttributes(element, saved)
  window.scrollTo(0, 0)
  // A language choice or a token saved by one story must not leak into the next.
  localStorage.clear()
  sessionStorage.clear()
  // Focus, keys and buttons held down, and the pointer.
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur()
  await userEvent.cleanup()
  await parkPointer()
}

// `findBy…` and `waitFor` give up after 1 s by default: too short on a busy two-core machine, where a
// page's first mock answer can take longer. 5 s was still short in full runs on a slow machine, where the
// stories run niced beside the end-to-end tests (the contact dialog's fetch and rows took longer: Edit Keeps
// Extra Info passed only on its retry). A story that is wrong still fails, only later.
configure({ asyncUtilTimeout: 15_000 })

beforeAll(() => {
  // Same annotations as the Storybook UI, plus the reset before and the visual check after every story.
  // Done in a hook because Storybook's own setup file, which applies the plain annotations, may load after this one.
  // axe keeps the details of every rule that passed unless told otherwise: about 170 kB a story, sent to
  // Vitest and written into its report. The same rules run; only the violations, which fail a story, are kept.
  setProjectAnnotations([
    getProjectAnnotations(),
    {
      beforeEach: resetBetweenStories,
      afterEach: matchBaseline,
      parameters: { a11y: { options: { resultTypes: ['violations'] } } },
    },
  ])

  if (!document.head.querySelector('style[data-test-still]')) {
    const style = document.createElement('style')
    style.dataset.testStill = ''
    style.textContent = STILL_CSS
    document.head.append(style)
  }
})
