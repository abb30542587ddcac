/**
 * Browser commands of the `storybook` test project: they run in the Vitest process and drive the page
 * through Playwright. Each story's picture is compared here, and the pointer parked here.
 *
 * Why not `toMatchScreenshot`: it pictures an element through a Playwright locator (waiting for the element
 * to be stable, scrolling it into view, hiding the caret and stopping animations, all of which the stories'
 * own setup already makes true), then decodes the picture and the baseline before comparing them: about
 * 150 ms a story. Here the box is measured in the page, the picture is one clipped capture, and a picture
 * byte for byte the same as its baseline passes without decoding (baselines are written as Chromium encodes
 * them). Anything else is decoded and compared by pixelmatch with the same tolerance as before.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, relative, resolve } from 'node:path'
import pixelmatch from 'pixelmatch'
import { PNG } from 'pngjs'
import type { BrowserCommand, BrowserCommandContext } from 'vitest/node'
import { baselineFile, baselineName } from '../../scripts/baselines.mjs'

/** A box in the browser window's CSS pixels (the test frame's offset already added). */
export interface ScreenshotBox {
  x: number
  y: number
  width: number
  height: number
}

export type ScreenshotOutcome = { pass: true; created?: boolean } | { pass: false; message: string }

/** pixelmatch's colour threshold and anti-aliasing detection are the only tolerance; no pixel beyond them may differ. */
const COMPARE = { threshold: 0.1, includeAA: false }
/** Two pictures in a row must agree before a differing one is judged; on a shared two-core machine one can take seconds. */
const STABLE_WITHIN_MS = 15_000

interface Picture {
  bytes: Buffer
  png?: PNG
}

const decoded = (picture: Picture) => {
  picture.png ??= PNG.sync.read(picture.bytes)
  return picture.png
}

/** Differing pixels, or the size difference, between two pictures; null when they agree. */
function difference(a: Picture, b: Picture, diff?: PNG): string | null {
  if (a.bytes.equals(b.bytes)) return null
  const [one, two] = [decoded(a), decoded(b)]
  if (one.width !== two.width || one.height !== two.height) {
    return `Expected image dimensions to be ${one.width}×${one.height}px, but received ${two.width}×${two.height}px.`
  }
  const mismatched = pixelmatch(one.data, two.data, diff?.data, one.width, one.height, COMPARE)
  if (mismatched === 0) return null
  const ratio = (Math.ceil((mismatched / (one.width * one.height)) * 100) / 100).toFixed(2)
  return `${mismatched} pixels (ratio ${ratio}) differ.`
}

const samePixelsOtherBytes = (a: Picture, b: Picture) =>
  !a.bytes.equals(b.bytes) && Buffer.compare(decoded(a).data, decoded(b).data) === 0

function pageOf(context: BrowserCommandContext) {
  if (context.provider.name !== 'playwright') throw new Error('The story commands need the Playwright provider.')
  return context.page
}

async function capture(context: BrowserCommandContext, box: ScreenshotBox): Promise<Picture> {
  // Whole pixels, taking in every partly covered one (as a locator's picture does).
  const x = Math.floor(box.x)
  const y = Math.floor(box.y)
  const clip = { x, y, width: Math.ceil(box.x + box.width) - x, height: Math.ceil(box.y + box.height) - y }
  return { bytes: await pageOf(context).screenshot({ clip, caret: 'initial', scale: 'device' }) }
}

/** Pictures the box until two pictures in a row agree; null when the page is still changing after the limit. */
async function stablePicture(context: BrowserCommandContext, box: ScreenshotBox, first: Picture) {
  const deadline = Date.now() + STABLE_WITHIN_MS
  let previous = first
  while (Date.now() < deadline) {
    const next = await capture(context, box)
    if (difference(previous, next) === null) return next
    previous = next
  }
  return null
}

async function write(file: string, bytes: Buffer) {
  await mkdir(dirname(file), { recursive: true })
  await writeFile(file, bytes)
}

/**
 * Compares the story's picture with its baseline. `--update` rewrites a baseline that differs (and one only
 * encoded differently, so that the next run compares bytes); a missing baseline fails under CI and is written
 * elsewhere. A differing picture and the difference go to the attachments folder.
 */
export const matchStoryScreenshot: BrowserCommand<[storyName: string, box: ScreenshotBox]> = async (
  context,
  storyName,
  box,
): Promise<ScreenshotOutcome> => {
  if (!context.testPath) throw new Error('A story picture needs the stories file.')
  const { root } = context.project.config
  const file = baselineFile(root, context.testPath, storyName)
  const update = context.project.serializedConfig.snapshotOptions.updateSnapshot
  const stored = await readFile(file).catch(() => null)
  const baseline: Picture | null = stored && { bytes: stored }

  const first = await capture(context, box)
  if (baseline && difference(baseline, first) === null) {
    // The same pixels encoded otherwise (an older baseline): stored again so that the next run compares bytes.
    // Pixels that differ within the tolerance keep the baseline as it is.
    if (update === 'all' && samePixelsOtherBytes(baseline, first)) await write(file, first.bytes)
    return { pass: true }
  }

  const picture = await stablePicture(context, box, first)
  if (!picture) return { pass: false, message: `Could not capture a stable screenshot within ${STABLE_WITHIN_MS}ms.` }
  if (!baseline) {
    if (update === 'none') {
      await write(attachment(context, storyName, 'reference'), picture.bytes)
      return { pass: false, message: 'No existing reference screenshot found.' }
    }
    await write(file, picture.bytes)
    return { pass: true, created: true }
  }

  const diff = new PNG({ width: decoded(baseline).width, height: decoded(baseline).height })
  const message = difference(baseline, picture, diff)
  if (message === null) return { pass: true }
  if (update === 'all') {
    await write(file, picture.bytes)
    return { pass: true }
  }
  await write(attachment(context, storyName, 'actual'), picture.bytes)
  if (!message.startsWith('Expected image dimensions')) {
    await write(attachment(context, storyName, 'diff'), PNG.sync.write(diff))
  }
  return {
    pass: false,
    message: `Screenshot does not match the stored reference (${relative(root, file)}).\n${message}`,
  }
}

/** Where a failed comparison leaves its pictures: `.vitest-attachments/<stories file>/<story>-<kind>.png`. */
function attachment(context: BrowserCommandContext, storyName: string, kind: string) {
  const { root, attachmentsDir } = context.project.config
  return resolve(root, attachmentsDir, relative(root, context.testPath ?? ''), `${baselineName(storyName)}-${kind}.png`)
}

/** Moves the real pointer to a point of the browser window (CSS pixels), with no element in between. */
export const movePointer: BrowserCommand<[x: number, y: number]> = async (context, x, y) => {
  await pageOf(context).mouse.move(x, y)
}
