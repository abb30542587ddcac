import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { frameMessages } from './frame-messages'

/** react-icons' helpers (the icons' `GenIcon`, its context and Babel's helpers) → the frame's `GenIcon`. */
function frameIcons(): Plugin {
  return {
    name: 'desk:frame-icons',
    apply: 'build',
    enforce: 'pre',
    load: (id) =>
      /[\\/]react-icons[\\/]lib[\\/]index\.mjs$/.test(id)
        ? `export { GenIcon } from ${JSON.stringify(`${import.meta.dirname}/src/frame/icons/genIcon.ts`)}\n`
        : null,
  }
}

/**
 * `dist/frame/`: the conversation app the loader opens in its iframe. The desk serves `index.html` at
 * `/widget/:connectionId` and the hashed files under `/widget-assets/`. Budget: 120 kB gzip of JavaScript
 * to the first open panel (`bench/embed.ts`).
 */
export default defineConfig({
  root: `${import.meta.dirname}/src/frame`,
  base: '/widget-assets/',
  publicDir: false,
  plugins: [react(), frameMessages(), frameIcons()],
  resolve: {
    // The widget's parts use react-intl's provider and `formatMessage` only, over precompiled messages: the
    // ui's small version of those (`ui/src/i18n/compiled-intl`, which the app's build uses too) stands in for react-intl and its formatters.
    alias: [{ find: /^react-intl$/, replacement: `${import.meta.dirname}/../ui/src/i18n/compiled-intl/index.tsx` }],
  },
  build: {
    outDir: `${import.meta.dirname}/dist/frame`,
    assetsDir: '',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    // React's DOM is most of the one large file; `bench/embed.ts` prints the real figures against the budget.
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      // What the first open loads is one file: the modules the entry uses stay together (one request, and
      // gzip compresses them as one) and the lazy chunks import from it. Not recursively: a module only a
      // lazy chunk uses (the offline form's field recipes, say) goes with that chunk, even where the entry
      // could reach it through an import it does not use.
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [{ name: 'frame', tags: ['$initial'] }],
        },
      },
      treeshake: {
        // As in the desk's app: the workspace packages have no side effects (CSS aside), so the frame takes
        // only the components it draws, and Chakra's full default config (every recipe) is dropped.
        moduleSideEffects: [
          { test: /\/packages\/(ui|api-client)\/src\/.*\.tsx?$/, sideEffects: false },
          // Emotion imports these (CommonJS, without a `sideEffects` field) for `withTheme` only, which
          // Chakra does not use; they define functions and nothing else.
          { test: /\/node_modules\/(hoist-non-react-statics|react-is)\//, sideEffects: false },
        ],
        manualPureFunctions: ['defineConfig', 'createAnatomy'],
      },
    },
  },
})
