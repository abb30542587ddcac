import { defineConfig } from 'vite'

/** `dist/demo/`: the demo host page, served by the desk at `/embed-demo/` (`?connection=<id>`). */
export default defineConfig({
  root: `${import.meta.dirname}/demo`,
  base: '/embed-demo/',
  publicDir: false,
  build: {
    outDir: `${import.meta.dirname}/dist/demo`,
    assetsDir: '',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
  },
})
