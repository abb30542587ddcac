import { appRecipes, appSlotRecipes, publicRecipes, publicSlotRecipes } from '@desk/ui/theme'
import { beforeAll, describe, expect, it } from 'vitest'
import { type BundleGraph, buildBundleGraph, ON_DEMAND, onDemandPart, staticClosure } from '../build/bundle-graph'

/**
 * What the build puts where (sizes are the benchmark's business: `npm run bench`). The heavy parts of
 * the desk, the chart, the voice recorder's MP3 encoder and the emoji picker, are downloaded only by the
 * screens that use them, never to show /login.
 */
const HEAVY = {
  // The chart's drawing (its SVG parts; the scale helpers in `chartScale.ts` come with the page).
  chart: /\/tickets-per-hour-chart\/internal\/\w+\.tsx$/,
  encoder: /\/node_modules\/@breezystack\/lamejs\//,
  emojiPicker: /\/node_modules\/frimousse\//,
  emojiData: /\/node_modules\/emojibase-data\//,
  qrCode: /\/node_modules\/uqr\//,
  recorder: /\/crm-app\/src\/lib\/recorder\/(encode|encodeMp3|mp3\.worker)\.ts$/,
  // The login form checks its two fields itself; the other forms bring their form library and schemas.
  forms: /\/node_modules\/(react-hook-form|@hookform\/resolvers|zod)\//,
  // The signed-in app's data: the SWR cache, the live socket and the lists its events reach.
  liveData:
    /\/node_modules\/swr\/|\/api-client\/src\/hooks\/(LiveDataProvider|listRegistry|useLiveSocket|useLiveUpdates)\.tsx?$/,
}

/**
 * What an agent's browser may download of the app's JavaScript, gzip: /login, and everything a desk in one
 * language can load but the on-demand parts (an upper bound of a session over every page, which
 * `bench/agent-download.ts` measures in Chromium).
 */
const BUDGET_KB = { login: 145, desk: 450 }
/** Another language's table of the ui's messages (English comes with /login and the layout). */
const OTHER_LANGUAGE = /\/ui\/src\/i18n\/(?!en)[a-z]{2}(-[A-Z]{2})?\.ts$/

let graph: BundleGraph
beforeAll(async () => {
  graph = await buildBundleGraph()
}, 180_000)

const holding = (pattern: RegExp) => [...graph.scripts.values()].filter((s) => s.modules.some((id) => pattern.test(id)))

describe('the built app', () => {
  it('shows /login without the chart, the recorder, the emoji picker, a form library or the live data', () => {
    const login = staticClosure(graph).flatMap((s) => s.modules)
    expect(login.some((id) => id.endsWith('/pages/login/LoginPage.tsx'))).toBe(true)
    for (const [name, pattern] of Object.entries(HEAVY))
      expect(
        login.filter((id) => pattern.test(id)),
        name,
      ).toEqual([])
  })

  it('loads every signed-in page on demand: none is part of /login', () => {
    const login = staticClosure(graph).flatMap((s) => s.modules)
    expect(login.filter((id) => /\/crm-app\/src\/pages\/(?!login\/|pageTable\.tsx$)/.test(id))).toEqual([])
  })

  it('keeps /login and what a desk in one language downloads within budget', () => {
    const kB = (scripts: BundleGraph['entry'][]) => scripts.reduce((sum, s) => sum + s.gzip, 0) / 1024
    expect(kB(staticClosure(graph))).toBeLessThanOrEqual(BUDGET_KB.login)
    const app = [...graph.scripts.values()].filter((s) => onDemandPart(s) === undefined)
    const languages = app.filter((s) => s.modules.some((id) => OTHER_LANGUAGE.test(id)))
    const shared = app.filter((s) => !languages.includes(s))
    for (const language of [undefined, ...languages])
      expect(kB(language ? [...shared, language] : shared)).toBeLessThanOrEqual(BUDGET_KB.desk)
  })

  it("shows /login with the recipes of its own form only: the signed-in app's come with the app", () => {
    const recipeFile = /\/@chakra-ui\/react\/dist\/esm\/theme\/recipes\/([\w-]+)\.js$/
    const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
    const recipesIn = (scripts: (typeof graph.entry)[]) =>
      new Set(scripts.flatMap((s) => s.modules).flatMap((id) => recipeFile.exec(id)?.[1] ?? []))
    const publicKeys = [...Object.keys(publicRecipes), ...Object.keys(publicSlotRecipes)].map(kebab)
    const appKeys = [...Object.keys(appRecipes), ...Object.keys(appSlotRecipes)].map(kebab)
    const onLogin = recipesIn(staticClosure(graph))
    expect([...onLogin].sort()).toEqual([...publicKeys].sort())
    // They are built all the same, in the chunks of the app.
    const built = recipesIn([...graph.scripts.values()])
    expect(appKeys.filter((key) => !built.has(key))).toEqual([])
    expect(appKeys.filter((key) => onLogin.has(key))).toEqual([])
  })

  it('builds each of those parts, into chunks that the pages using them load on demand', () => {
    const login = new Set(staticClosure(graph).map((s) => s.fileName))
    const dynamicallyLoaded = [...graph.scripts.values()].flatMap((s) => s.dynamicImports)
    for (const name of ['chart', 'emojiPicker', 'emojiData', 'recorder', 'qrCode', 'forms'] as const) {
      const chunks = holding(HEAVY[name])
      expect(chunks.length, name).toBeGreaterThan(0)
      for (const chunk of chunks) expect(login.has(chunk.fileName), `${name} in ${chunk.fileName}`).toBe(false)
      // Some dynamic import leads to each of them (statically after it, at most).
      const reached = chunks.filter((chunk) =>
        dynamicallyLoaded.some((lazy) => {
          const script = graph.scripts.get(lazy)
          return script !== undefined && staticClosure(graph, script).includes(chunk)
        }),
      )
      expect(reached, name).toEqual(chunks.filter((chunk) => !chunk.isWorker))
    }
  })

  it("opens an agent's tickets without a form library or the schemas: the forms bring them when they open", () => {
    const byName = (name: string) => [...graph.scripts.values()].find((s) => s.modules.some((id) => id.endsWith(name)))
    const layout = byName('/shell/PrivateLayout.tsx')
    const tickets = byName('/pages/tickets/TicketsPage.tsx')
    const contactForm = byName('/components/contact-modal/ContactModal.tsx')
    expect(layout && tickets && contactForm).toBeTruthy()
    const path = [graph.entry, layout!, tickets!].flatMap((s) => staticClosure(graph, s)).flatMap((s) => s.modules)
    expect(path.filter((id) => HEAVY.forms.test(id))).toEqual([])
    expect(path.some((id) => id.endsWith('/contact-modal/ContactModal.tsx'))).toBe(false)
    // The contact form, once asked for, does bring them.
    expect(staticClosure(graph, contactForm!).some((s) => s.modules.some((id) => HEAVY.forms.test(id)))).toBe(true)
  })

  it("downloads the agents' pages with the signed-in layout, and none of the heavy parts with them", () => {
    const byName = (name: string) => [...graph.scripts.values()].find((s) => s.modules.some((id) => id.endsWith(name)))
    const layout = byName('/shell/PrivateLayout.tsx')
    expect(layout).toBeTruthy()
    const withLayout = staticClosure(graph, layout!)
    for (const page of ['tickets/TicketsPage.tsx', 'kanban/KanbanPage.tsx', 'contacts/ContactsPage.tsx'])
      expect(
        withLayout.some((s) => s.modules.some((id) => id.endsWith(`/pages/${page}`))),
        page,
      ).toBe(true)
    const modules = withLayout.flatMap((s) => s.modules)
    for (const [name, pattern] of Object.entries({ ...ON_DEMAND, forms: HEAVY.forms }))
      expect(
        modules.filter((id) => pattern.test(id)),
        name,
      ).toEqual([])
    // The administrators' pages stay apart: an agent never opens them.
    expect(withLayout).not.toContain(byName('users/UsersPage.tsx'))
  })

  it("keeps the signed-in layout's chunk off /signup and the toasts /login shows", () => {
    const byName = (name: string) => [...graph.scripts.values()].find((s) => s.modules.some((id) => id.endsWith(name)))
    const layout = byName('/shell/PrivateLayout.tsx')
    expect(layout).toBeTruthy()
    for (const name of ['/pages/signup/SignupPage.tsx', '/toaster/Toaster.tsx', '/toaster/toaster.ts']) {
      const script = byName(name)
      expect(script, name).toBeTruthy()
      expect(staticClosure(graph, script!), name).not.toContain(layout)
    }
  })

  it('opens the settings, e-mail and bots pages without a form library: the users, queues and tags pages keep theirs', () => {
    const byName = (name: string) => [...graph.scripts.values()].find((s) => s.modules.some((id) => id.endsWith(name)))
    const bringsForms = (name: string) =>
      staticClosure(graph, byName(name)!).some((s) => s.modules.some((id) => HEAVY.forms.test(id)))
    for (const page of ['settings/SettingsPage.tsx', 'mail/MailSettingsPage.tsx', 'bots/BotsPage.tsx'])
      expect(bringsForms(page), page).toBe(false)
    for (const page of ['users/UsersPage.tsx', 'queues/QueuesPage.tsx', 'tags/TagsPage.tsx'])
      expect(bringsForms(page), page).toBe(true)
  })

  it('ships the MP3 encoder once, in the voice-note worker only', () => {
    const encoders = holding(HEAVY.encoder)
    expect(encoders.map((s) => s.fileName)).toEqual([expect.stringMatching(/^assets\/mp3\.worker-[\w-]+\.js$/)])
    expect(encoders[0].isWorker).toBe(true)
  })

  it('gives every language its own emoji data, loaded on its own', () => {
    const data = holding(HEAVY.emojiData)
    expect(data.length).toBeGreaterThanOrEqual(3)
    for (const chunk of data) expect(chunk.modules.filter((id) => HEAVY.emojiData.test(id))).toHaveLength(1)
  })
})
