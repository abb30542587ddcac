/**
 * How the browser tests, the end-to-end tests and the benchmarks launch the machine's Chromium: the binary
 * (`CHROMIUM_PATH`, else Debian's headless shell) and the arguments that work without a sandbox, a GPU or a
 * network beyond the desk.
 *
 * The headless shell (Debian's `chromium-headless-shell`, the same Chromium release as its `chromium`) is
 * Chromium's engine without the desktop browser around it: measured on two cores, the end-to-end step's Chromium
 * used about 125 CPU-seconds against 210 with the full browser, the stories a little less too. The stories'
 * baselines are its pictures (the full browser draws some glyph edges a pixel apart).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
