/**
 * The real KanbanBoard with 500 cards in three lanes, built with Vite into a small page
 * (bench/render-kanban/) and loaded in the system Chromium. Prints the time from mount to the first
 * painted frame (the first mount, then the median of a few remounts), the cards in the DOM (long lanes
 * draw only the cards in view), and for one card's move (what a drop or a live move from a colleague costs)
 * the main thread's work (render, commit, style and layout) and the time to just after its frame is drawn,
 * which adds the wait for that frame. Target: a move's work within a frame (16.7 ms), cards in the DOM in
 * the tens.
 *
 * Run alone with `tsx bench/render-kanban.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import react from '@vitejs/plugin-react'
import { chromium } from 'playwright-core'
import { build } from 'vite'
import type { KanbanBenchApi, Move } from './render-kanban/main'
import { percentile, serve } from './render-lists'
import { CHROMIUM_ARGS, CHROMIUM_PATH, repoRoot } from './support'

const REMOUNTS = 5
const MOVES = 30

export async function renderKanban() {
  const outDir = mkdtempSync(join(tmpdir(), 'desk-bench-kanban-'))
  await build({
    root: join(repoRoot, 'bench/render-kanban'),
    configFile: false,
    plugins: [react()],
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 10_000 },
  })
  const server = await serve(outDir)
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.goto(server.url)
    await page.waitForFunction(() => window.kanbanBench?.initialRenderMs !== undefined, undefined, { timeout: 60_000 })
    const start = (await page.evaluate(() => window.kanbanBench)) as KanbanBenchApi
    const remounts: number[] = []
    for (let i = 0; i < REMOUNTS; i++) remounts.push(await page.evaluate(() => window.kanbanBench?.remount() ?? 0))
    const moves: Move[] = []
    for (let i = 0; i < MOVES; i++) {
      const move = await page.evaluate((n) => window.kanbanBench?.move(n), i * 7)
      if (move) moves.push(move)
    }
    const work = moves.map((m) => m.work)
    const painted = moves.map((m) => m.painted)
    console.log(
      `  initial render ${(start.initialRenderMs ?? Number.NaN).toFixed(0)} ms (first mount), ` +
        `${percentile(remounts, 50)?.toFixed(0)} ms (median of ${REMOUNTS} remounts); ${start.initialCards} cards in the DOM`,
    )
    console.log(
      `  one card moved (${moves.length} moves): the main thread's work (render, commit, style, layout) median ${percentile(work, 50)?.toFixed(1)} ms, worst ${Math.max(...work).toFixed(1)} ms; ` +
        `to just after its frame is drawn median ${percentile(painted, 50)?.toFixed(1)} ms, worst ${Math.max(...painted).toFixed(1)} ms (that frame's wait included)`,
    )
    console.log("  target: a move's work within a frame (16.7 ms), cards in the DOM in the tens (windowed lanes)")
    const { cpus, loadavg } = await import('node:os')
    console.log(`  (measured on ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)}; software rendering)`)
  } finally {
    await browser.close()
    server.close()
    rmSync(outDir, { recursive: true, force: true })
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await renderKanban()
