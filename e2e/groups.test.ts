/**
 * /ZDGGroups end to end over the simulator's demo groups ("Clientes VIP" and "Avisos de soporte", which the phone
 * administers and which share one person, and "Proveedores", where it is only a member): the directory, a
 * description, close and open, a post in three groups, a private message that reaches each person once, two
 * groups renamed, and a new group with its invite link. Each change is a job paced as the seed's group actions are
 * (5 s plus 0–10 s before each group or person). (A server killed mid-job: `groups-crash.test.ts`.)
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Api, admin, adminApi, pairedSimulator } from './api'
import { type Job, outboxCounts, startedJob, until } from './outreach'
import { signedInPage } from './pages'
import { type Desk, startDesk } from './support'

interface Group {
  id: string
  name: string
  description: string | null
  participants: number
  isAdmin: boolean
  announce: boolean
}

describe('the groups page on one desk', () => {
  let desk: Desk
  let api: Api
  let connectionId = 0
  let signedIn: Awaited<ReturnType<typeof signedInPage>> | undefined

  beforeAll(async () => {
    // Group actions 0–1 s apart: the 5–15 s pace is proven by the server's tests.
    desk = await startDesk({ jobs: { groupPacing: { minSeconds: 0, maxSeconds: 1 } } })
    api = await adminApi(desk)
    connectionId = await pairedSimulator(api)
    await until(
      () => api<{ status: string }>('GET', `/whatsapp/${connectionId}`),
      (c) => c.status === 'CONNECTED',
      'the pairing',
      20,
    )
  }, 120_000)

  afterAll(async () => {
    await signedIn?.context.close()
    await desk?.stop()
  })

  const groups = async () => (await api<{ groups: Group[] }>('GET', `/groups?whatsappId=${connectionId}`)).groups
  const named = async (name: string) => (await groups()).find((g) => g.name === name)

  /** Chooses exactly these groups in the directory, by keyboard (the checkbox's own input). */
  async function choose(page: Page, names: string[]) {
    await page
      .getByRole('button', { name: 'Clear selection' })
      .click({ timeout: 1000 })
      .catch(() => undefined)
    for (const name of names) {
      await page.getByRole('checkbox', { name: `Select ${name}` }).focus()
      await page.keyboard.press('Space')
    }
    await page.getByText(`${names.length} of `, { exact: false }).waitFor()
  }

  /** Submits the open tab, checks the confirmation's title, confirms, and waits for the job to finish. */
  async function run(page: Page, submit: string, title: string, confirm: string) {
    await page.getByRole('button', { name: submit, exact: true }).click()
    const dialog = page.getByRole('alertdialog')
    await dialog.waitFor()
    expect(await dialog.getByRole('heading').first().textContent()).toBe(title)
    await dialog.getByRole('button', { name: confirm, exact: true }).click()
    await dialog.waitFor({ state: 'detached' })
    const jobId = await startedJob(page)
    return until(
      () => api<Job>('GET', `/jobs/${jobId}`),
      (job) => job.status === 'done',
      `job ${jobId}`,
      120,
      500,
    )
  }

  test('directory, description, close and open, a post in three groups, a private message once per person, rename two, create', async () => {
    signedIn = await signedInPage(desk, admin)
    const { page } = signedIn
    await page.goto('/ZDGGroups')
    await page.getByRole('combobox', { name: /Dispatch ID/ }).fill(String(connectionId))
    await page.getByText('Clientes VIP').waitFor()
    await expect(page.getByText('0 of 3 selected').isVisible()).resolves.toBe(true)
    const rows = await page.getByRole('row').count()
    expect(rows).toBe(4)

    // A description for one group: the field clears once the job starts.
    await choose(page, ['Clientes VIP'])
    await page.getByRole('textbox', { name: 'Description' }).fill('Ofertas solo para clientes VIP.')
    await run(page, 'Update', 'Change the description of 1 group?', 'Update')
    expect(await page.getByRole('textbox', { name: 'Description' }).inputValue()).toBe('')
    expect((await named('Clientes VIP'))?.description).toBe('Ofertas solo para clientes VIP.')

    // Closed (only admins write), then open again.
    await page.getByRole('tab', { name: 'Close group' }).click()
    await run(page, 'Close groups', 'Let only admins write in 1 group?', 'Close groups')
    expect((await named('Clientes VIP'))?.announce).toBe(true)
    await page.getByRole('tab', { name: 'Open group' }).click()
    await run(page, 'Open groups', 'Let everyone write in 1 group?', 'Open groups')
    expect((await named('Clientes VIP'))?.announce).toBe(false)

    // A post in the three groups (the one we only belong to is open to everyone).
    const all = await groups()
    await choose(page, ['Clientes VIP', 'Avisos de soporte', 'Proveedores'])
    await page.getByRole('tab', { name: 'Group message' }).click()
    await page.getByRole('textbox', { name: 'Message' }).fill('La tienda abre el sábado.')
    const posted = await run(page, 'Post', 'Post in 3 groups?', 'Post')
    expect(posted).toMatchObject({ total: 3, sent: 3 })
    const counts = await outboxCounts(api, connectionId)
    for (const g of all) expect(counts.get(g.id) ?? counts.get(`${g.id}@g.us`)).toBe(1)

    // The system message: each person of the three groups once (one of them is in two), never the phone's own number.
    await page.getByRole('tab', { name: 'System message' }).click()
    await page.getByRole('textbox', { name: 'Private message' }).fill('Gracias por ser cliente.')
    const messaged = await run(page, 'Send', 'Message 6 people privately?', 'Send')
    expect(messaged).toMatchObject({ sent: 6, failed: 0, uncertain: 0 })
    const people = await outboxCounts(api, connectionId)
    const reached = [...people.entries()].filter(([to]) => !all.some((g) => to.startsWith(g.id)))
    expect(reached.map(([, n]) => n)).toEqual([1, 1, 1, 1, 1, 1])

    // Two groups renamed at once.
    await choose(page, ['Clientes VIP', 'Avisos de soporte'])
    await page.getByRole('tab', { name: 'Update group' }).click()
    await page.getByRole('textbox', { name: 'Title' }).fill('Clientes 2027')
    await run(page, 'Update', 'Rename 2 groups to “Clientes 2027”?', 'Update')
    expect((await groups()).filter((g) => g.name === 'Clientes 2027')).toHaveLength(2)
    await page.getByText('Clientes 2027').first().waitFor()

    // A new group with one contact: its invite link shows, and it joins the directory.
    await page.getByRole('tab', { name: 'Create group' }).click()
    await page.getByRole('textbox', { name: /New group title/ }).fill('Pedidos de mayo')
    await page.getByRole('textbox', { name: /Contact/ }).fill('5511955501099')
    await page.getByRole('button', { name: 'Create', exact: true }).click()
    await page.getByText('Group “Pedidos de mayo” created.').waitFor()
    const link = await page.getByText(/^https:\/\/chat\.whatsapp\.com\//).textContent()
    expect(link).toMatch(/^https:\/\/chat\.whatsapp\.com\/\S+$/)
    await page.getByRole('checkbox', { name: 'Select Pedidos de mayo' }).waitFor()
    expect((await named('Pedidos de mayo'))?.participants).toBeGreaterThanOrEqual(1)
  }, 300_000)
})
