/**
 * How the browser tests, the end-to-end tests and the benchmarks launch the machine's Chromium: the binary
 * (`CHROMIUM_PATH`, else Debian's) and the arguments that work without a sandbox, a GPU or a network
 * beyond the desk.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
