import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { frameMessages } from './frame-messages'

/**
 * `dist/frame/`: the conversation app the loader opens in its iframe. The desk serves `index.html` at
 * `/widget/:connectionId` and the hashed files under `/widget-assets/`. Budget: 120 kB gzip of JavaScript
 * to the first open panel (`bench/embed.ts`).
 */
export default defineConfig({
  root: `${import.meta.dirname}/src/frame`,
  base: '/widget-assets/',
  publicDir: false,
  plugins: [react(), frameMessages()],
  resolve: {
    // The widget's parts use react-intl's provider and `formatMessage` only, over precompiled messages: the
    // frame's own small version of those (`src/frame/intl`) stands in for react-intl and its formatters.
    alias: [{ find: /^react-intl$/, replacement: `${import.meta.dirname}/src/frame/intl/index.tsx` }],
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
      treeshake: {
        // As in the desk's app: the workspace packages have no side effects (CSS aside), so the frame takes
        // only the components it draws, and Chakra's full default config (every recipe) is dropped.
        moduleSideEffects: [{ test: /\/packages\/(ui|api-client)\/src\/.*\.tsx?$/, sideEffects: false }],
        manualPureFunctions: ['defineConfig', 'createAnatomy'],
      },
    },
  },
})
