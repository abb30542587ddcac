import { ensureBuiltApp, ensureBuiltEmbed } from './support'

/** Builds the app and the widget once, before the files start side by side (each would otherwise build them itself). */
export default function setup() {
  ensureBuiltApp()
  ensureBuiltEmbed({ force: process.env.E2E_REBUILD === '1' })
}
