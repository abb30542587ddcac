/**
 * The order test files start in: the longest first, by the committed `test-durations.json`
 * (`scripts/test-durations.mjs` writes it), so that no long file starts last and runs alone at the end. Vitest
 * does this by itself from its cache, which a fresh clone (CI) does not have: it would start files in order of
 * size, and the server's crash tests, small files of long waits, would start last (measured on two cores: the
 * server's step 162 s without a cache against 138 s with one). A file the list does not know yet (a new one)
 * starts first, in Vitest's own order.
 */
import { readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

const readDurations = (): Record<string, number> => {
  try {
    return JSON.parse(readFileSync(join(root, 'test-durations.json'), 'utf8'))
  } catch {
    return {}
  }
}

export class LongestFirstSequencer extends BaseSequencer {
  private readonly durations = readDurations()

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files)
    const known = (file: TestSpecification) =>
      this.durations[`${file.project.name}:${relative(root, file.moduleId).split('\\').join('/')}`] ??
      Number.POSITIVE_INFINITY
    return ordered
      .map((file, index) => ({ file, index, duration: known(file) }))
      .sort((a, b) => (b.duration === a.duration ? a.index - b.index : b.duration - a.duration))
      .map(({ file }) => file)
  }
}
