// Where a story's visual baseline lives, shared by the stories' screenshot command and `scripts/test.mjs`
// (which lists baselines that belong to no story): __screenshots__/<path of the stories file>/<story name>.png
import { join, relative } from 'node:path'

export const BASELINE_DIR = '__screenshots__'

/** A story name as a file name: spaces become dashes, other symbols go (Vitest's own rule, kept for old baselines). */
export const baselineName = (name) =>
  name
    .split('/')
    .map((part) =>
      part
        .replace(/\s+/g, '-')
        .replace(/[^\w-]+/g, '')
        .replace(/-{2,}/g, '-'),
    )
    .join('/')

/** The baseline of one story: `root` is the repository, `storiesFile` the stories file's absolute path. */
export const baselineFile = (root, storiesFile, storyName) =>
  join(root, BASELINE_DIR, relative(root, storiesFile), `${baselineName(storyName)}.png`)
