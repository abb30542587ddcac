import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { mergeChunks } from './build/chunk-plan.ts'
import { iconPerModule, trimEmojiData, zodWithoutJsonSchema } from './build/plugins.ts'
import { precompileMessages } from './build/precompile-messages.ts'

/** The API server in development; `npm start` serves the built app and the API on one origin instead. */
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:8080'

export default defineConfig({
  plugins: [
    react(),
    // What each of these saves, and why it stays: build/README.md.
    precompileMessages(),
    trimEmojiData(),
    iconPerModule(),
    zodWithoutJsonSchema(),
    mergeChunks(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Browsers preload the entry's imports themselves (`<link rel="modulepreload">`); one without it (Safari
    // before 17) still loads every module, only without the head start. The polyfill would cost /login bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        // The workspace packages are modules without side effects (CSS imports aside): each lazy page
        // takes only the components it uses, instead of the whole ui barrel landing on /login.
        moduleSideEffects: [{ test: /\/packages\/(ui|api-client)\/src\/.*\.tsx?$/, sideEffects: false }],
        // Chakra's theme entry builds its full default config (every recipe) at load; nothing of ours uses it,
        // but whether the bundler drops it depends on how the chunks fall. Saying so keeps ≈30 kB off /login.
        manualPureFunctions: ['defineConfig', 'createAnatomy'],
      },
    },
  },
})
