/**
 * Outreach as durable server-side jobs, end to end over the simulator: a 40-number text job sent from
 * the /ZDG page completes with one message per number; the page can be closed mid-job and opened again
 * to find the job further along; media by URL, a file and an audio (both uploaded) reach each number
 * from their pages; a job scheduled from /ZDG is moved on /ZDGAgendamento; /ZDGHistorico imports the
 * phone's chats; a customer's answer to a bulk message opens a ticket that shows the offer above it. (A server killed mid-job: `outreach-crash.test.ts`.)
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { samples, serve, startFileServer } from '../packages/server/test/support/outreach'
import { type Api, admin, adminApi, pairedSimulator } from './api'
import { counterOf, type Job, numbers, outboxCounts, startedJob, until } from './outreach'
import { SCREENS, signedInPage } from './pages'
import { type Desk, startDesk } from './support'

describe('the outreach pages on one desk', () => {
  let desk: Desk
  let api: Api
  let connectionId = 0
  // Media by URL comes from a small web server on this machine: the desk lets loopback addresses through.
  let files: Awaited<ReturnType<typeof startFileServer>>

  beforeAll(async () => {
    files = await startFileServer({ '/promo.png': serve(samples.png, { 'content-type': 'image/png' }) })
    desk = await startDesk({ outreach: { allowPrivateUrls: true } })
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
    await files?.close()
  })

  // The shorter flows share one signed-in page: a login each would only repeat the spine's.
  let signedIn: Awaited<ReturnType<typeof signedInPage>> | undefined
  const sharedPage = async () => {
    signedIn ??= await signedInPage(desk, admin)
    return signedIn.page
  }

  test('40 numbers, the page closed after 10 sends and opened again: the job went on and each number got one message', async () => {
    const list = numbers(40, 14155550100)
    const first = await signedInPage(desk, admin)
    await first.page.goto('/ZDG')
    await first.page.getByRole('textbox', { name: /Numbers/ }).fill(list.join('\n'))
    await first.page.getByRole('textbox', { name: /Message/ }).fill('The spring sale starts on Monday.')
    await first.page.getByRole('combobox', { name: /Dispatch ID/ }).fill(String(connectionId))
    await first.page.getByRole('spinbutton', { name: /Minimum interval/ }).fill('0')
    await first.page.getByRole('spinbutton', { name: /Maximum interval/ }).fill('1')
    await first.page.getByRole('button', { name: 'Send' }).click()
    // The form says the page may be closed; under it, the new job live with a link to its page.
    await first.page.getByText('You can close this page: sending continues on the server.').waitFor()
    // Sent: the numbers and the message are cleared, so a second click has nothing to send again.
    await first.page.getByText('No recipients yet.').waitFor()
    expect(await first.page.getByRole('textbox', { name: /Message/ }).inputValue()).toBe('')
    expect(await first.page.getByRole('combobox', { name: /Dispatch ID/ }).inputValue()).toBe(String(connectionId))
    const link = first.page.getByRole('link', { name: /^Open job \d+$/ }).first()
    await link.waitFor()
    const jobId = Number((await link.getAttribute('href'))?.split('/').pop())

    // The counter rises on the page from the server's events, up to 10 …
    await first.page.waitForFunction(
      () => {
        const status = [...document.querySelectorAll('[role="status"]')].map((e) => e.textContent ?? '')
        return status.some((text) => Number(/Sent messages: (\d+) \/ 40/.exec(text)?.[1] ?? 0) >= 10)
      },
      undefined,
      { timeout: 60_000 },
    )
    const atClose = await counterOf(first.page, 40)
    expect(atClose).toBeGreaterThanOrEqual(10)
    await first.context.close()

    // … the page is gone; the server goes on.
    await until(
      () => api<Job>('GET', `/jobs/${jobId}`),
      (job) => job.sent > atClose + 2,
      'more sends with no page open',
    )
    const second = await signedInPage(desk, admin)
    await second.page.goto('/ZDG')
    await second.page.getByRole('button', { name: 'Send' }).waitFor()
    const job = await api<Job>('GET', `/jobs/${jobId}`)
    if (job.status !== 'done') expect(await counterOf(second.page, 40)).toBeGreaterThan(atClose)

    // The job's own page follows it to the end.
    await second.page.goto(`/jobs/${jobId}`)
    await second.page.getByText('Sent messages: 40 / 40').waitFor({ timeout: 60_000 })
    await second.context.close()
    // The last send is followed by one more wait (0–1 s) before the job is marked done.
    const done = await until(
      () => api<Job>('GET', `/jobs/${jobId}`),
      (j) => j.status !== 'running',
      'the end',
    )
    expect(done).toMatchObject({ status: 'done', total: 40, sent: 40, failed: 0, uncertain: 0 })
    const counts = await outboxCounts(api, connectionId)
    expect(list.map((n) => counts.get(n) ?? 0)).toEqual(list.map(() => 1))
  })

  /** Fills the fields every sending page shares: the numbers, the connection, no wait between sends. */
  async function fillCommon(page: Page, list: string[]) {
    await page.getByRole('textbox', { name: /Numbers/ }).fill(list.join('\n'))
    await page.getByRole('combobox', { name: /Dispatch ID/ }).fill(String(connectionId))
    await page.getByRole('spinbutton', { name: /Minimum interval/ }).fill('0')
    await page.getByRole('spinbutton', { name: /Maximum interval/ }).fill('0')
  }

  /** Sends the form and waits for its job to reach every number, on the page and on the network. */
  async function sendAndFinish(page: Page, list: string[], kind: string) {
    await page.getByRole('button', { name: 'Send' }).click()
    const jobId = await startedJob(page)
    await page.getByText(`Sent messages: ${list.length} / ${list.length}`).first().waitFor({ timeout: 30_000 })
    const done = await until(
      () => api<Job>('GET', `/jobs/${jobId}`),
      (j) => j.status !== 'running',
      'the end',
      30,
    )
    expect(done).toMatchObject({ kind, status: 'done', sent: list.length, failed: 0 })
    const counts = await outboxCounts(api, connectionId, 'media')
    expect(list.map((n) => counts.get(n) ?? 0)).toEqual(list.map(() => 1))
  }

  /** Puts a file into the page's upload button; the path field then names it. */
  async function upload(page: Page, name: string, mimeType: string, buffer: Buffer) {
    await page.locator('input[type="file"]').setInputFiles({ name, mimeType, buffer })
    await expect.poll(() => page.getByRole('textbox', { name: /Path/ }).inputValue()).toBe(name)
  }

  test('/ZDGMedia sends an image by URL to each number', async () => {
    const list = numbers(2, 14155550200)
    const page = await sharedPage()
    await page.goto('/ZDGMedia')
    await fillCommon(page, list)
    await page.getByRole('textbox', { name: /URL/ }).fill(files.url('/promo.png'))
    await page.getByRole('textbox', { name: /Title/ }).fill('Our new catalogue')
    await sendAndFinish(page, list, 'bulkMedia')
  })

  test('/ZDGMedia2 uploads a file into the outreach folder and sends it; /ZDGMedia3 the same with a voice note', async () => {
    const page = await sharedPage()
    const fileList = numbers(2, 14155550210)
    await page.goto('/ZDGMedia2')
    await fillCommon(page, fileList)
    await upload(page, 'price-list.png', 'image/png', samples.png)
    await page.getByRole('textbox', { name: /Title/ }).fill('Price list')
    await sendAndFinish(page, fileList, 'bulkFile')

    const audioList = numbers(2, 14155550220)
    await page.goto('/ZDGMedia3')
    await fillCommon(page, audioList)
    await upload(page, 'hello.ogg', 'audio/ogg', samples.ogg)
    await sendAndFinish(page, audioList, 'bulkAudio')
  })

  test('a job scheduled from /ZDG waits on /ZDGAgendamento, where its start is moved', async () => {
    const page = await sharedPage()
    await page.goto('/ZDG')
    await fillCommon(page, numbers(2, 14155550230))
    await page.getByRole('textbox', { name: /Message/ }).fill('See you at the fair.')
    await page.getByLabel(/Start at/).fill('01/05/2099 09:00')
    await page.getByRole('button', { name: 'Send' }).click()
    const jobId = await startedJob(page)
    expect(await api<Job>('GET', `/jobs/${jobId}`)).toMatchObject({ status: 'queued', sent: 0 })

    await page.goto('/ZDGAgendamento')
    // The list says when each job starts: its date and time, as the person reads dates.
    await page.getByRole('cell', { name: '01/05/2099 09:00' }).waitFor()
    await page.getByRole('button', { name: `Change the start of job ${jobId}` }).click()
    const dialog = page.getByRole('dialog')
    await expect.poll(() => dialog.getByLabel(/New start/).inputValue()).toBe('01/05/2099 09:00')
    await dialog.getByLabel(/New start/).fill('15/06/2099 14:30')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.waitFor({ state: 'detached' })
    const moved = await api<Job>('GET', `/jobs/${jobId}`)
    const local = await page.evaluate(() => new Date('2099-06-15T14:30').toISOString())
    expect(moved).toMatchObject({ status: 'queued', startAt: local })
    await page.getByRole('cell', { name: '15/06/2099 14:30' }).waitFor()

    // The date form says what it does, starts that day's job now and says how many it started.
    await page.getByText(/Starts now the sends this connection has scheduled for the chosen day/).waitFor()
    await page.getByLabel(/Send date/).fill('2099-06-15')
    await page.getByRole('combobox', { name: 'Connected connection' }).selectOption(String(connectionId))
    await page.getByRole('button', { name: 'Start now' }).click()
    await page.getByText('Started 1 send scheduled for that day. Follow it in the jobs list.').waitFor()
    const started = await until(
      () => api<Job>('GET', `/jobs/${jobId}`),
      (j) => j.status !== 'queued',
      'the start of the day',
      10,
    )
    expect(started.status).not.toBe('queued')
  })

  test('/ZDGHistorico imports the phone chats as a job', async () => {
    await api('PUT', `/simulator/${connectionId}/history`, {
      conversations: ['5511900000301', '5511900000302'].map((id, n) => ({
        id,
        name: `Customer ${n + 1}`,
        messages: [
          { providerMessageId: `E2E-H-${n}`, body: `Old message ${n}`, timestamp: '2026-11-01T09:00:00.000Z' },
        ],
      })),
    })
    const page = await sharedPage()
    await page.goto('/ZDGHistorico')
    await page.getByRole('spinbutton', { name: /Import limit/ }).fill('5')
    await page.getByRole('combobox', { name: /Dispatch ID/ }).fill(String(connectionId))
    await page.getByRole('button', { name: 'Import' }).click()
    const jobId = await startedJob(page)
    // An import counts conversations, and once it has ended it stands under "Finished" with nothing to cancel.
    await page.getByText('Conversations imported: 2 / 2').first().waitFor({ timeout: 30_000 })
    const finished = page.getByRole('region', { name: 'Finished' })
    await finished.getByRole('link', { name: `Open job ${jobId}` }).waitFor({ timeout: 30_000 })
    expect(await finished.getByRole('button', { name: 'Cancel' }).count()).toBe(0)
    expect(await page.getByRole('heading', { name: 'In progress' }).count()).toBe(0)
    const imported = await until(
      () => api<Job>('GET', `/jobs/${jobId}`),
      (j) => j.status !== 'running',
      'the import',
      30,
    )
    expect(imported).toMatchObject({ kind: 'syncMessage', status: 'done', sent: 2 })
  })

  test('/jobs: a finished job offers no Cancel, its icons say what they do, and its recipients read as numbers', async () => {
    const job = await api<Job>('POST', '/zdg', {
      ticketwhatsappId: connectionId,
      numbers: ['14155550300', '14155550301'].join('\n'),
      message: 'Your order has shipped.',
      minInterval: 0,
      maxInterval: 0,
    })
    await until(
      () => api<Job>('GET', `/jobs/${job.id}`),
      (j) => j.status === 'done',
      'the end',
      30,
    )
    const page = await sharedPage()
    await page.goto('/jobs')
    const details = page.getByRole('button', { name: `Details of job ${job.id}` })
    await details.waitFor()
    expect(await page.getByRole('button', { name: `Cancel job ${job.id}` }).count()).toBe(0)
    expect(await page.getByRole('button', { name: `Pause job ${job.id}` }).count()).toBe(0)
    await details.hover()
    await page.getByRole('tooltip', { name: `Details of job ${job.id}` }).waitFor()

    await details.click()
    await page.getByRole('cell', { name: '+14155550300' }).waitFor()
    await page.getByRole('cell', { name: '+14155550301' }).waitFor()
    expect(await page.getByText(/@c\.us/).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Cancel' }).count()).toBe(0)
  })

  test.each(SCREENS)(
    'at $label, a customer answers a bulk message: the ticket shows the offer, marked with its job, above the answer',
    async (screen) => {
      const customer = screen.phone ? '5511900000402' : '5511900000401'
      const job = await api<Job>('POST', '/zdg', {
        ticketwhatsappId: connectionId,
        numbers: customer,
        message: 'Winter offer: 20% off this week.',
        minInterval: 0,
        maxInterval: 0,
      })
      await until(
        () => api<Job>('GET', `/jobs/${job.id}`),
        (j) => j.status === 'done',
        'the bulk job',
        30,
      )
      const { ticketId } = await api<{ ticketId: number }>('POST', `/simulator/${connectionId}/inbound`, {
        from: customer,
        name: 'Dora',
        body: 'I want it, how do I order?',
      })
      const { context, page } = await signedInPage(desk, admin, { viewport: screen.viewport })
      await page.goto(`/tickets/${ticketId}`)
      const mark = page.getByText(`Sent by bulk job #${job.id}`)
      const answer = page.getByRole('log', { name: 'Messages' }).getByText('I want it, how do I order?')
      await mark.waitFor()
      await answer.waitFor()
      await page.getByText('Winter offer: 20% off this week.').waitFor()
      const [offerBox, answerBox] = [await mark.boundingBox(), await answer.boundingBox()]
      expect(offerBox!.y).toBeLessThan(answerBox!.y)
      await context.close()
    },
  )
})
