/**
 * The real TicketList with 10,000 tickets and Conversation.MessageList with 5,000 messages, built with
 * Vite into a small page (bench/render/) and loaded in the system Chromium. For each: time from mount to
 * the first painted frame (the first mount, then the median of a few remounts with styles and code warm),
 * a short warm-up scroll, then a scroll at reading pace and a fling through the whole list, one step per
 * animation frame, timing every frame. Prints frames measured, frames over 16.7 ms (a missed 60 Hz frame)
 * and over 33 ms, the p95 frame time, long tasks, frames that showed blank space because drawing lagged
 * behind the scroll, and the most rows in the DOM. Target: no dropped frames, rows in the tens (virtualised).
 *
 * Run alone with `tsx bench/render-lists.ts`; `RENDER_VIEW=tickets` or `RENDER_VIEW=messages` runs one list only.
 */
import { createReadStream, mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { pathToFileURL } from 'node:url'
import react from '@vitejs/plugin-react'
import { chromium } from 'playwright-core'
import { build } from 'vite'
import type { RenderBenchApi, ScrollFigures } from './render/types'
import { CHROMIUM_ARGS, CHROMIUM_PATH, repoRoot } from './support'

/** Steps of the fling through each whole list: one per frame, so ~10 s at 60 Hz. */
const FRAMES = 600
/** A reading pace: this many frames of `READING_STEP` px each. */
const READING_FRAMES = 300
const READING_STEP = 24
/** A brisk wheel scroll: this many frames of `BRISK_STEP` px each (a couple of rows a frame). */
const BRISK_FRAMES = 120
const BRISK_STEP = 240
/** Frames of the warm-up scroll, so the measured passes do not time the first compilation of the code. */
const WARM_UP_FRAMES = 60
const REMOUNTS = 5
/** rAF timestamps jitter by a fraction of a millisecond: a frame counts as dropped past this. */
const FRAME_MS = 16.7
const JITTER_MS = 1

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.svg': 'image/svg+xml',
}

export function serve(dir: string) {
  const server = http.createServer((req, res) => {
    const path = normalize(new URL(req.url ?? '/', 'http://x').pathname).replace(/^(\.\.[/\\])+/, '')
    const file = join(dir, path === '/' ? 'index.html' : path)
    const stream = createReadStream(file)
    stream.on('error', () => {
      res.writeHead(404).end()
    })
    stream.on('open', () => {
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
      stream.pipe(res)
    })
  })
  return new Promise<{ url: string; close: () => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() }),
    ),
  )
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

type Metrics = Record<string, number>
/** Main-thread time (CDP Performance domain, seconds) spent between two samples. */
const busy = (before: Metrics, after: Metrics, name: string) => (after[name] ?? 0) - (before[name] ?? 0)

function report(pass: string, figures: ScrollFigures, before: Metrics, after: Metrics) {
  const { deltas, maxRows, blankFrames, longTasks } = figures
  const over16 = deltas.filter((d) => d > FRAME_MS + JITTER_MS).length
  const over33 = deltas.filter((d) => d > 2 * FRAME_MS + JITTER_MS).length
  const mean = deltas.reduce((a, b) => a + b, 0) / deltas.length
  const perFrame = (name: string) => ((busy(before, after, name) * 1000) / deltas.length).toFixed(1)
  console.log(
    `    ${pass} (${(figures.distance / 1000).toFixed(0)}k px): ${deltas.length} frames, ` +
      `dropped ${over16} (> 16.7 ms) / ${over33} (> 33 ms); frame mean ${mean.toFixed(1)} ms, ` +
      `p95 ${percentile(deltas, 95).toFixed(1)} ms, max ${Math.max(...deltas).toFixed(1)} ms; ` +
      `main thread per frame: script ${perFrame('ScriptDuration')} ms, style ${perFrame('RecalcStyleDuration')} ms, ` +
      `layout ${perFrame('LayoutDuration')} ms; ${longTasks.length} long tasks (> 50 ms, longest ` +
      `${Math.max(0, ...longTasks).toFixed(0)} ms); ${blankFrames} frames showing blank space; ` +
      `at most ${maxRows} rows in the DOM`,
  )
}

export async function renderLists() {
  const outDir = mkdtempSync(join(tmpdir(), 'desk-bench-render-'))
  await build({
    root: join(repoRoot, 'bench/render'),
    configFile: false,
    plugins: [react()],
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 10_000 },
  })
  const server = await serve(outDir)
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const views = [
      ['tickets', 'TicketList, 10,000 tickets'],
      ['messages', 'Conversation.MessageList, 5,000 messages'],
    ] as const
    const only = process.env.RENDER_VIEW
    for (const [view, label] of views.filter(([name]) => !only || name === only)) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
      await page.goto(`${server.url}/?view=${view}`)
      await page.waitForFunction(() => window.renderBench?.initialRenderMs !== undefined, undefined, {
        timeout: 60_000,
      })
      const start = (await page.evaluate(() => window.renderBench)) as RenderBenchApi
      const remounts: number[] = []
      for (let i = 0; i < REMOUNTS; i++) remounts.push(await page.evaluate(() => window.renderBench?.remount() ?? 0))
      console.log(`  ${label}`)
      console.log(
        `    initial render ${(start.initialRenderMs ?? Number.NaN).toFixed(0)} ms (first mount), ` +
          `${percentile(remounts, 50).toFixed(0)} ms (median of ${REMOUNTS} remounts); ${start.initialRows} rows in the DOM`,
      )
      const cdp = await page.context().newCDPSession(page)
      await cdp.send('Performance.enable')
      const metrics = async () =>
        Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]))
      await page.evaluate(([n, px]) => window.renderBench?.warmUp(n, px), [WARM_UP_FRAMES, READING_STEP] as const)
      for (const [pass, frames, step] of [
        ['reading pace', READING_FRAMES, READING_STEP],
        ['brisk wheel scroll', BRISK_FRAMES, BRISK_STEP],
        ['fling through the whole list', FRAMES, undefined],
      ] as const) {
        const before = await metrics()
        const figures = (await page.evaluate(([n, px]) => window.renderBench?.scrollThrough(n, px ?? undefined), [
          frames,
          step ?? null,
        ] as const)) as ScrollFigures
        report(pass, figures, before, await metrics())
      }
      await page.close()
    }
    console.log('  target: no frame over 16.7 ms while scrolling, rows in the DOM in the tens (virtualised)')
    const { cpus, loadavg } = await import('node:os')
    console.log(`  (measured on ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)}; software rendering)`)
  } finally {
    await browser.close()
    server.close()
    rmSync(outDir, { recursive: true, force: true })
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await renderLists()
