import { ensureBuiltApp } from './support'

/** Builds the app once, before the files start side by side (each would otherwise build it itself). */
export default function setup() {
  ensureBuiltApp()
}
