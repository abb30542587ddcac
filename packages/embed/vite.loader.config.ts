import { defineConfig } from 'vite'

/** `dist/embed.js`: the loader, one classic script (IIFE) with no imports, minified. Budget: 5 kB gzip. */
export default defineConfig({
  root: import.meta.dirname,
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2020',
    lib: {
      entry: 'src/loader/index.ts',
      formats: ['iife'],
      name: 'LimeDeskLoader',
      fileName: () => 'embed.js',
    },
  },
})
