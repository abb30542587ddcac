import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/** The API server in development; `npm start` serves the built app and the API on one origin instead. */
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:8080'

export default defineConfig({
  plugins: [react()],
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
    rolldownOptions: {
      treeshake: {
        // The workspace packages are modules without side effects (CSS imports aside): each lazy page
        // takes only the components it uses, instead of the whole ui barrel landing on /login.
        moduleSideEffects: [{ test: /\/packages\/(ui|api-client)\/src\/.*\.tsx?$/, sideEffects: false }],
      },
    },
  },
})
