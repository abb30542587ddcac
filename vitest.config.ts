import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'
import { matchStoryScreenshot, movePointer } from './.storybook/test/commands.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'
import { LongestFirstSequencer } from './scripts/test-sequencer.ts'

const root = dirname(fileURLToPath(import.meta.url))

/**
 * Package suites (names 'server', 'api-client', 'ui', 'crm-app', 'embed') live beside their code; a package without
 * one yet is left out. Vitest runs the projects of one run one after another; `npm test` runs the server's in one
 * run and the other packages' in another beside it, whose quick files fill the server tests' waits.
 */
const packageProjects = ['packages/server', 'packages/api-client', 'packages/ui', 'packages/crm-app', 'packages/embed']
  .filter((dir) => existsSync(join(root, dir, 'vitest.config.ts')))
  .map((dir, index) => ({
    extends: join(root, dir, 'vitest.config.ts'),
    root: join(root, dir),
    test: { root: join(root, dir), sequence: { groupOrder: index } },
  }))

const chromium = playwright({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    // Screenshots: the same glyph shapes and colours on every machine.
    args: [...CHROMIUM_ARGS, '--font-render-hinting=none', '--force-color-profile=srgb'],
  },
  // Larger than any story viewport, so the test frame is never scaled down: a Catalog story grows its
  // viewport to the height of its matrix (up to this height) before its picture is taken.
  contextOptions: {
    viewport: { width: 1600, height: 6000 },
    deviceScaleFactor: 1,
    locale: 'en-US',
    timezoneId: 'UTC',
    reducedMotion: 'reduce',
  },
})

export default defineConfig({
  test: {
    // Once every project has closed, Vitest waits this long for the process to end by itself before ending it
    // (10 s by default): a timer some library leaves behind must not hold a finished run.
    teardownTimeout: 1500,
    // The longest files first, from the committed durations, also where Vitest has no cache yet (a fresh clone).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      ...packageProjects,
      {
        plugins: [storybookTest({ configDir: join(root, '.storybook') })],
        // Found only at run time (the emoji picker is imported lazily; the brand icons sit in one component
        // the first scan misses), each would make Vite reload mid-test.
        optimizeDeps: { include: ['@desk/ui > frimousse', '@desk/ui > react-icons/fa6'] },
        test: {
          name: 'storybook',
          sequence: { groupOrder: 10 },
          setupFiles: [join(root, '.storybook/test/setup.ts')],
          // The contact dialog's stories take 5–6 s alone; in a full run on a slow 2-core machine, niced beside the
          // end-to-end tests, four to five times that, which 30 s did not always cover.
          testTimeout: 60_000,
          // A story that fails is run once more before it counts as failed: a menu handing the focus back to
          // its button (Chakra's, a microtask after closing) has, on rare full runs, landed on the page instead.
          // A story that fails twice fails the run; one that needed the second run is shown as retried.
          retry: 1,
          // Two pages share the files, one for each core, without per-file isolation: the setup resets what a
          // story leaves behind (colour mode, toasts, sockets, portals, storage, focus, keys, pointer), and menu
          // items are clicked through `clickMenuItem` (@desk/ui/testing), which moves the pointer onto the item
          // first as a mouse does.
          isolate: false,
          maxWorkers: 2,
          browser: {
            enabled: true,
            headless: true,
            // A fresh checkout first has Vite bundle the stories' dependencies (30 s and more here), and the page
            // loads them niced beside the end-to-end tests: a full run on a 2-core machine once gave up on the
            // browser session at the default 60 s before a story had run.
            connectTimeout: 300_000,
            provider: chromium,
            instances: [{ browser: 'chromium' }],
            // Storybook sizes the viewport per story (1200x900 unless a story picks another).
            viewport: { width: 1200, height: 900 },
            screenshotFailures: false,
            // Each story's picture is compared by `matchStoryScreenshot`; the pointer is parked by `movePointer`.
            commands: { matchStoryScreenshot, movePointer },
          },
        },
      },
      {
        test: {
          name: 'e2e',
          root,
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          globalSetup: [join(root, 'e2e/global-setup.ts')],
          testTimeout: 180_000,
          hookTimeout: 300_000,
          // Each file has its own server, data folder and Chromium. Three files run side by side on two cores: much
          // of a file's time is waits (an outreach job's pauses, a restart), which the others fill (the step: 131 s
          // with two, 111 s with three). Files share their worker's loaded modules instead of importing the whole
          // server again for each file; the server keeps no state in its modules (as in the server tests).
          maxWorkers: 3,
          isolate: false,
          sequence: { concurrent: false, groupOrder: 11 },
        },
      },
    ],
  },
})
