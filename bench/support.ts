import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..')
export { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium'
