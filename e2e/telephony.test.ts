/**
 * SMS and voice calls, end to end over the telephony simulator: the administrator adds a Telephony
 * connection with the Simulator provider from the connection modal; /SMS estimates the segments of a
 * 20-number job, asks before sending and counts the sends up to 20, and the simulated network holds one
 * SMS a number; /VoiceCall places a few calls whose outcomes (answered, no answer) the job's page lists
 * per recipient; a customer's SMS becomes a ticket that an agent accepts and answers, and the answer
 * leaves by SMS. The telephony pace (about 5 s a number in production) is cut to nothing here: its
 * server tests keep it.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Api, admin, adminApi, agent, eventually } from './api'
import { type Job, until } from './outreach'
import { signedInPage } from './pages'
import { type Desk, startDesk } from './support'

interface Connection {
  id: number
  name: string
  driver: string
  status: string
  telephony?: { provider: string; fromNumber: string | null }
}
interface OutboxEntry {
  kind: string
  to: string
  body?: string
}

/** The simulator's number, which the connection modal fills in for the Simulator provider. */
const LINE = '+15005550100'
const SENDER = `SMS line (${LINE})`
/** US numbers as the telephony pages take them: with the country code, dialled as typed. */
const phoneNumbers = (count: number, from: number) => Array.from({ length: count }, (_, i) => `+${from + i}`)
const digits = (n: string) => n.replace(/\D/g, '')

describe('SMS and voice calls over the telephony simulator', () => {
  let desk: Desk
  let api: Api
  let lineId = 0
  const outbox = (to?: string) =>
    api<OutboxEntry[]>('GET', `/simulator/${lineId}/outbox${to ? `?to=${digits(to)}` : ''}`)

  beforeAll(async () => {
    desk = await startDesk({ telephonyPace: { minInterval: 0, maxInterval: 0 } })
    api = await adminApi(desk)
    const support = await api<{ id: number }>('POST', '/queue', {
      name: 'Support',
      color: '#2f9e44',
      greetingMessage: '',
    })
    await api('POST', '/users', { ...agent, profile: 'user', queueIds: [support.id] })
  }, 120_000)

  afterAll(async () => {
    await signedIn?.context.close()
    await desk?.stop()
  })

  let signedIn: Awaited<ReturnType<typeof signedInPage>> | undefined
  const adminPage = async () => {
    signedIn ??= await signedInPage(desk, admin, { viewport: { width: 1440, height: 900 } })
    return signedIn.page
  }

  /** Chooses the SMS line among the senders once the page has listed it. */
  async function chooseSender(page: Page) {
    const sender = page.getByRole('combobox', { name: /Sender/ })
    await sender.getByRole('option', { name: SENDER }).waitFor({ state: 'attached' })
    await sender.selectOption({ label: SENDER })
  }

  test('the administrator adds a Telephony connection with the Simulator provider from the connection modal', async () => {
    const page = await adminPage()
    await page.goto('/connections')
    await page.getByRole('button', { name: 'Add connection' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add connection' })
    await dialog.getByLabel(/Name/).fill('SMS line')
    await dialog.getByLabel('Type').selectOption({ label: 'Telephony (SMS and voice calls)' })
    await dialog.getByLabel('Provider').selectOption({ label: 'Simulator (no account)' })
    await dialog.getByText(/go to the simulated network/).waitFor()
    // No account to give: the simulated number is filled in.
    expect(await dialog.getByLabel(/Account SID/).count()).toBe(0)
    expect(await dialog.getByLabel(/Phone number/).inputValue()).toBe(LINE)
    // The line's customers wait in the Support queue (the box itself is drawn over by its styled control).
    await dialog.getByText('Support', { exact: true }).click()
    expect(await dialog.getByRole('checkbox', { name: 'Support' }).isChecked()).toBe(true)
    await dialog.getByRole('button', { name: 'Add' }).click()
    await dialog.waitFor({ state: 'hidden' })

    // No QR code and no pairing: the line is connected as soon as it is saved.
    const [line] = await eventually(
      () => api<Connection[]>('GET', '/whatsapp'),
      (list) => list.length === 1 && list[0].status === 'CONNECTED',
      'the telephony line to connect',
    )
    expect(line).toMatchObject({
      name: 'SMS line',
      driver: 'telephony',
      telephony: { provider: 'simulator', fromNumber: LINE },
    })
    lineId = line.id
    await page.getByRole('row').filter({ hasText: 'SMS line' }).getByText('Connected', { exact: true }).waitFor()
  })

  test('/SMS to 20 numbers: the segments estimated, a confirmation, the counter up to 20 and one SMS a number', async () => {
    const list = phoneNumbers(20, 14155551000)
    // 161 GSM-7 characters: two segments a number.
    const text = `Your order has shipped. ${'Track it with the link we e-mailed you. '.repeat(3)}See you soon!!!!!`
    expect(text).toHaveLength(161)
    const page = await adminPage()
    await page.goto('/SMS')
    // What the job's counter says, each time it changes: the rise to 20 as the server's events bring it.
    await page.evaluate(() => {
      const seen: number[] = []
      ;(window as unknown as { __counts: number[] }).__counts = seen
      new MutationObserver(() => {
        const text = [...document.querySelectorAll('[role="status"]')].map((el) => el.textContent ?? '').join('\n')
        const count = /Sent messages: (\d+) \/ 20/.exec(text)?.[1]
        if (count !== undefined && seen.at(-1) !== Number(count)) seen.push(Number(count))
      }).observe(document.body, { subtree: true, childList: true, characterData: true })
    })
    await chooseSender(page)
    await page.getByRole('textbox', { name: /Numbers/ }).fill(list.join('\n'))
    await page.getByRole('textbox', { name: /Message/ }).fill(text)
    // The estimate before anything is sent: the encoding, the segments of one SMS, those of the job.
    await page.getByText('GSM-7 · 2 segments · 161 characters, 145 left in this segment').waitFor()
    await page.getByText('20 numbers: 40 segments in all').waitFor()
    await page.getByRole('button', { name: 'Send SMS' }).click()

    const confirm = page.getByRole('alertdialog', { name: 'Send 20 SMS (40 segments)?' })
    await confirm.getByText(`From ${SENDER}.`, { exact: false }).waitFor()
    // Nothing leaves before the confirmation.
    expect(await api<Job[]>('GET', '/jobs').then(jobsOf('sms'))).toEqual([])
    expect(await outbox()).toEqual([])
    await confirm.getByRole('button', { name: 'Send SMS' }).click()
    await confirm.waitFor({ state: 'detached' })

    await page.getByText('Sent messages: 20 / 20 · 40 segments').first().waitFor({ timeout: 20_000 })
    const sent = await page.evaluate(() => (window as unknown as { __counts: number[] }).__counts)
    expect(sent[0]).toBeLessThan(20)
    expect(sent.at(-1)).toBe(20)
    // Never backwards, though the first sends go out before the page has read the answer to its own send.
    expect(sent).toEqual([...sent].sort((a, b) => a - b))
    // Sent: the numbers and the message are cleared.
    await expect.poll(() => page.getByRole('textbox', { name: /Numbers/ }).inputValue()).toBe('')

    const [job] = await api<Job[]>('GET', '/jobs').then(jobsOf('sms'))
    const done = await until(
      () => api<Job>('GET', `/jobs/${job.id}`),
      (j) => j.status !== 'running',
      'the end of the SMS job',
      20,
    )
    expect(done).toMatchObject({ kind: 'sms', status: 'done', total: 20, sent: 20, failed: 0 })
    const sms = (await outbox()).filter((e) => e.kind === 'text')
    expect(sms.map((e) => e.to).sort()).toEqual(list.map(digits).sort())
    expect(new Set(sms.map((e) => e.body))).toEqual(new Set([text]))
  })

  test('/VoiceCall to 3 numbers: the job ends and its page shows how each call ended, answered or not', async () => {
    const list = phoneNumbers(3, 14155552000)
    const [answered, unanswered, alsoAnswered] = list
    // The simulated network does not know the second number: its call rings out unanswered.
    await api('PUT', `/simulator/${lineId}/phonebook`, { contacts: [], unregistered: [unanswered] })
    const page = await adminPage()
    await page.goto('/VoiceCall')
    await chooseSender(page)
    await page.getByRole('textbox', { name: /Numbers/ }).fill(list.join('\n'))
    await page.getByRole('textbox', { name: /Message to speak/ }).fill('Your appointment is tomorrow at 10.')
    await page.getByText('3 calls').waitFor()
    await page.getByRole('button', { name: 'Place calls' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Place 3 calls?' })
    await confirm.getByRole('button', { name: 'Place calls' }).click()
    await page.getByText('Calls made: 3 / 3').first().waitFor({ timeout: 20_000 })

    const link = page.getByRole('link', { name: /^Open job \d+$/ }).first()
    const jobId = Number((await link.getAttribute('href'))?.split('/').pop())
    const done = await until(
      () => api<Job>('GET', `/jobs/${jobId}`),
      (j) => j.status !== 'running',
      'the end of the voice job',
      20,
    )
    expect(done).toMatchObject({ kind: 'voiceCall', status: 'done', total: 3, sent: 3, failed: 0 })
    const calls = (await outbox()).filter((e) => e.kind === 'call')
    expect(calls.map((e) => e.to).sort()).toEqual(list.map(digits).sort())

    // The job's page: one row a number, with the call's outcome and, when answered, its length.
    await link.click()
    await page.waitForURL(`**/jobs/${jobId}`)
    const outcomeOf = (number: string) => page.getByRole('row').filter({ hasText: number })
    for (const number of [answered, alsoAnswered])
      await outcomeOf(number)
        .getByText(/^Answered · \d+ seconds$/)
        .waitFor()
    await outcomeOf(unanswered).getByText('No answer', { exact: true }).waitFor()
    expect(
      await outcomeOf(unanswered)
        .getByText(/Answered/)
        .count(),
    ).toBe(0)
  })

  test("a customer's SMS is a ticket that an agent accepts and answers: the answer leaves by SMS to that number", async () => {
    const customer = '+14155553000'
    const { context, page } = await signedInPage(desk, agent, { viewport: { width: 1440, height: 900 } })
    await page.getByRole('link', { name: 'Tickets' }).click()
    await page.getByRole('tab', { name: /Waiting/ }).click()

    const { ticketId } = await api<{ ticketId: number }>('POST', `/simulator/${lineId}/inbound`, {
      from: customer,
      body: 'Is my parcel on its way?',
    })
    expect(ticketId).toBeGreaterThan(0)
    // The ticket arrives live in the waiting list of the line's queue, where the agent works.
    const item = page.getByRole('listitem').filter({ hasText: 'Is my parcel on its way?' })
    await item.waitFor()
    await item.getByRole('button', { name: 'Accept' }).click()
    await page.waitForURL(`**/tickets/${ticketId}`)
    await page.getByRole('log', { name: 'Messages' }).getByText('Is my parcel on its way?').waitFor()
    await page.getByRole('textbox', { name: 'Message' }).fill('Yes, it arrives tomorrow.')
    await page.getByRole('button', { name: 'Send' }).click()

    const answers = await eventually(
      () => outbox(customer),
      (o) => o.some((m) => m.body?.includes('Yes, it arrives tomorrow.')),
      'the answer by SMS',
    )
    expect(answers.map((m) => [m.kind, m.to])).toEqual([['text', digits(customer)]])
    await expect(api('GET', `/tickets/${ticketId}`)).resolves.toMatchObject({ status: 'open' })
    await context.close()
  })

  test('/SMS at 390 px wide does not overflow sideways', async () => {
    const { context, page } = await signedInPage(desk, admin, { viewport: { width: 390, height: 844 } })
    await page.goto('/SMS')
    await chooseSender(page)
    await page.getByRole('textbox', { name: /Message/ }).fill('Olá! Seu pedido chegou.')
    await page.getByText(/UCS-2 · 1 segment/).waitFor()
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }))
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
    await context.close()
  })
})

/** The jobs of one kind in the jobs list's answer. */
const jobsOf = (kind: string) => (answer: Job[] | { jobs: Job[] }) =>
  (Array.isArray(answer) ? answer : answer.jobs).filter((j) => j.kind === kind)
