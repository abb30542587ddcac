/**
 * Storybook as a designer browses it: every stories file of the workspace, titled as Storybook titles it
 * (its `title`, or the one Storybook makes from its path), and every story's committed picture.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { PNG } from 'pngjs'
import { getStoryTitle } from 'storybook/internal/common'
import { loadConfig, loadCsf } from 'storybook/internal/csf-tools'
import { describe, expect, test } from 'vitest'
import main from '../../../.storybook/main'
import { baselineFile } from '../../../scripts/baselines.mjs'

const root = join(import.meta.dirname, '../../..')
const configDir = join(root, '.storybook')
// `main.ts` lists its stories' folders as a plain array.
const stories = main.stories as string[]

/** Each package's stories live under one root of the sidebar, in this order. */
const ROOTS = { ui: 'Components', 'crm-app': 'Pages', embed: 'Embed' } as const
type Package = keyof typeof ROOTS

const PASCAL_CASE = /^[A-Z][A-Za-z0-9]*$/

const storiesFiles = (Object.keys(ROOTS) as Package[]).flatMap((pkg) => {
  const src = join(root, 'packages', pkg, 'src')
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.stories\.tsx?$/.test(file))
    .map((file) => ({ pkg, path: join(src, file) }))
})

const catalogue = storiesFiles.map(({ pkg, path }) => {
  const csf = loadCsf(readFileSync(path, 'utf8'), {
    fileName: path,
    makeTitle: (userTitle?: string) =>
      getStoryTitle({ storyFilePath: path, configDir, stories, workingDir: root, userTitle }) ?? '',
  }).parse()
  return {
    pkg,
    path,
    /** The file's name without `.stories.tsx`: the component it shows. */
    name: basename(path).replace(/\.stories\.tsx?$/, ''),
    title: csf.meta?.title ?? '',
    metaTags: csf.meta?.tags ?? [],
    stories: csf.stories,
  }
})

const normalised = (part: string) => part.toLowerCase().replace(/[^a-z0-9]/g, '')

describe('the sidebar', () => {
  test('finds the stories of every package', () => {
    for (const pkg of Object.keys(ROOTS)) expect(catalogue.some((file) => file.pkg === pkg)).toBe(true)
  })

  test("has one root per package, each package's stories under its own", () => {
    const misplaced = catalogue
      .filter(({ pkg, title }) => !title.startsWith(`${ROOTS[pkg]}/`))
      .map(({ path, title }) => `${path.slice(root.length + 1)}: "${title}"`)
    expect(misplaced).toEqual([])
    expect(new Set(catalogue.map(({ title }) => title.split('/')[0]))).toEqual(new Set(Object.values(ROOTS)))
  })

  test('names every component of the library and the widget as its file does (PascalCase)', () => {
    const named = catalogue.filter(({ pkg }) => pkg !== 'crm-app')
    const wrong = named
      .filter(({ pkg, name, title }) => title !== `${ROOTS[pkg]}/${name}` || !PASCAL_CASE.test(name))
      .map(({ name, title }) => `${name}: "${title}"`)
    expect(wrong).toEqual([])
  })

  test('names every page with a capital letter', () => {
    const pages = catalogue.filter(({ pkg }) => pkg === 'crm-app')
    const wrong = pages.flatMap(({ title }) => title.split('/').filter((part) => !/^[A-Z]/.test(part)))
    expect(wrong).toEqual([])
  })

  test('spells each entry one way, and no entry is both a component and a folder', () => {
    const spellings = new Map<string, Set<string>>()
    for (const { title } of catalogue) {
      const parts = title.split('/')
      parts.forEach((_, index) => {
        const path = parts.slice(0, index + 1)
        const key = path.map(normalised).join('/')
        spellings.set(key, (spellings.get(key) ?? new Set()).add(path.join('/')))
      })
    }
    const twice = [...spellings.values()].filter((found) => found.size > 1).map((found) => [...found])
    expect(twice).toEqual([])
    const titles = catalogue.map(({ title }) => title)
    expect(titles.filter((title) => titles.some((other) => other.startsWith(`${title}/`)))).toEqual([])
    expect(titles.filter((title, index) => titles.indexOf(title) !== index)).toEqual([])
  })

  test('sorts the roots in their order and everything under them by name', () => {
    const preview = loadConfig(readFileSync(join(configDir, 'preview.tsx'), 'utf8')).parse()
    expect(preview.getSafeFieldValue(['parameters', 'options', 'storySort'])).toEqual({
      order: Object.values(ROOTS),
      method: 'alphabetical',
    })
  })
})

/**
 * Whether every pixel of the picture has one colour. Only a picture that compresses to almost nothing (under
 * a byte for 100 pixels; its size is in the header) is decoded to find out.
 */
function isOneColour(file: string) {
  const bytes = readFileSync(file)
  if (bytes.length * 100 > bytes.readUInt32BE(16) * bytes.readUInt32BE(20)) return false
  const { data } = PNG.sync.read(bytes)
  const pixels = new Uint32Array(data.buffer, data.byteOffset, data.length / 4)
  return pixels.every((pixel) => pixel === pixels[0])
}

describe('the pictures', () => {
  test('no story a designer can open is an empty frame', () => {
    // A story that only proves nothing is drawn (a closed dialog, no error) is a test: tagged `!dev`, it is
    // left out of the sidebar and still runs.
    const empty = catalogue.flatMap(({ path, metaTags, stories }) =>
      stories
        .filter((story) => ![...metaTags, ...(story.tags ?? [])].includes('!dev'))
        .map((story) => baselineFile(root, path, story.name ?? ''))
        .filter((file) => existsSync(file) && isOneColour(file))
        .map((file) => file.slice(root.length + 1)),
    )
    expect(empty).toEqual([])
  }, 60_000)
})
