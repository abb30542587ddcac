/**
 * The embeddable widget, end to end: a partner's page on one loopback origin (`localhost`) embeds the
 * desk's widget served from another (`127.0.0.1`). A visitor writes from the partner's page; an agent in
 * the CRM sees the ticket arrive live and answers; the visitor sees the answer and the launcher's unread
 * badge. Tokens open only the conversation they name; the partner's scripts cannot read the frame; an
 * origin that is not allowed gets no widget; agent mode replies as the assignee only.
 */
import type { FrameLocator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Api, admin, adminApi, agent, apiWith, eventually, tokenOf } from './api'
import { signedInPage } from './pages'
import { type Desk, startDesk } from './support'
import { inSeconds, mintToken, type PartnerSite, partnerPage, partnerSite } from './widget-host'

let desk: Desk
let api: Api
let site: PartnerSite
let stranger: PartnerSite
/** A page with two widgets of the connection: an inline panel and the floating launcher, loaded at once. */
let pair: PartnerSite
let connectionId = 0
let secret = ''

interface Message {
  body: string
  fromMe: boolean
  userId?: number | null
}

beforeAll(async () => {
  desk = await startDesk()
  api = await adminApi(desk)
  await api('POST', '/users', { ...agent, profile: 'user', queueIds: [] })
  site = await partnerSite(() => partnerPage(desk.url, connectionId))
  stranger = await partnerSite(() => partnerPage(desk.url, connectionId))
  pair = await partnerSite(() =>
    partnerPage(
      desk.url,
      connectionId,
      `<script src="${desk.url}/embed.js" data-connection="${connectionId}" data-mode="inline" data-container="#inline" async></script>`,
      'data-load="idle"',
    ),
  )
  const connection = await api<{ id: number }>('POST', '/whatsapp', {
    name: 'Website',
    driver: 'webchat',
    webChat: {
      allowedOrigins: [site.origin, pair.origin],
      verifiedOnly: false,
      offlineEmail: false,
      theme: { primaryColor: '#84cc16', mode: 'light', position: 'right', launcherText: 'Chat', launcherIcon: 'chat' },
    },
  })
  connectionId = connection.id
  secret = (await api<{ secret: string }>('GET', `/widget/connections/${connectionId}/secret`)).secret
}, 120_000)

afterAll(async () => {
  await site?.close()
  await stranger?.close()
  await pair?.close()
  await desk?.stop()
})

/** The partner's page in a fresh visitor's browser, the launcher on screen. */
async function visitorPage(origin = site.origin) {
  const context = await desk.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  await page.goto(`${origin}/`)
  return { context, page }
}

const launcher = (page: Page) => page.getByTestId('limedesk-launcher')
const widgetFrame = (page: Page): FrameLocator => page.frameLocator('iframe[src*="/widget/"]')

/** Writes `text` in the widget's composer and sends it with Enter. */
async function visitorWrites(frame: FrameLocator, text: string) {
  const box = frame.getByRole('textbox', { name: 'Message' })
  await box.fill(text)
  await box.press('Enter')
  await frame.getByRole('log').getByText(text).waitFor()
}

/** A widget session opened with `token` (or refused: the error code). */
async function session(token: string) {
  const res = await fetch(`${desk.url}/api/widget/${connectionId}/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  })
  const body = (await res.json()) as { sessionToken?: string; code?: string; error?: string }
  return { status: res.status, body }
}

const widgetMessages = async (sessionToken: string) => {
  const res = await fetch(`${desk.url}/api/widget/messages`, { headers: { Authorization: `Bearer ${sessionToken}` } })
  return ((await res.json()) as { messages: { body: string }[] }).messages.map((m) => m.body)
}

describe('customer mode', () => {
  test('a visitor writes, an agent answers from the CRM, the visitor sees it and the unread badge', async () => {
    const desk1 = await signedInPage(desk, admin)
    await desk1.page.getByRole('link', { name: 'Tickets' }).click()
    await desk1.page.getByRole('tab', { name: /Waiting/ }).click()

    const { context, page } = await visitorPage()
    await launcher(page).click()
    const frame = widgetFrame(page)
    await visitorWrites(frame, 'Hello from the partner portal')

    // The ticket arrives in the CRM live; the administrator accepts and answers.
    const item = desk1.page.getByRole('listitem').filter({ hasText: 'Hello from the partner portal' })
    await item.waitFor()
    await item.getByRole('button', { name: 'Accept' }).click()
    await desk1.page.waitForURL(/\/tickets\/\d+$/)

    // The visitor closes the panel; the answer lights the launcher's badge.
    await launcher(page).click()
    await desk1.page.getByRole('textbox', { name: 'Message' }).fill('Hi! How can we help?')
    await desk1.page.getByRole('button', { name: 'Send' }).click()
    await expect.poll(() => page.getByTestId('limedesk-unread').textContent()).toBe('1')
    const events = await page.evaluate(() => (window as unknown as { widgetEvents: { name: string }[] }).widgetEvents)
    expect(events.map((e) => e.name)).toEqual(expect.arrayContaining(['ready', 'message:sent', 'message:received']))

    await launcher(page).click()
    await frame.getByRole('log').getByText('Hi! How can we help?').waitFor()
    await expect.poll(() => page.getByTestId('limedesk-unread').isHidden()).toBe(true)

    // Coming back on the same browser (the visitor's identity is kept) shows the history.
    await page.reload()
    await launcher(page).click()
    await widgetFrame(page).getByRole('log').getByText('Hi! How can we help?').waitFor()
    await context.close()
    await desk1.context.close()
  })

  test('an inline panel and the floating widget on one page are one visitor, in one ticket', async () => {
    // Both frames start as the page loads (the launcher's once the browser is idle), with nothing stored.
    const { context, page } = await visitorPage(pair.origin)
    const inline = page.locator('[data-limedesk-widget="inline"] iframe').contentFrame()
    const floating = page.locator('[data-limedesk-widget="floating"] iframe').contentFrame()
    await page.locator('[data-limedesk-widget="floating"] iframe').waitFor({ state: 'attached' })
    await visitorWrites(inline, 'Written in the panel')
    await launcher(page).click()
    await visitorWrites(floating, 'Written in the launcher')
    // One conversation: each frame shows what the other sent.
    await floating.getByRole('log').getByText('Written in the panel').waitFor()
    await inline.getByRole('log').getByText('Written in the launcher').waitFor()

    // In the desk, both messages are in one ticket.
    const { tickets } = await api<{ tickets: { id: number }[] }>('GET', '/tickets?status=pending&showAll=true')
    const holding = async (text: string) => {
      const found: number[] = []
      for (const { id } of tickets) {
        const { messages } = await api<{ messages: Message[] }>('GET', `/messages/${id}`)
        if (messages.some((m) => m.body === text)) found.push(id)
      }
      return found
    }
    const panel = await holding('Written in the panel')
    expect(panel).toHaveLength(1)
    expect(await holding('Written in the launcher')).toEqual(panel)
    await context.close()
  })

  test("the partner page's scripts cannot read the conversation inside the frame", async () => {
    const { context, page } = await visitorPage()
    await launcher(page).click()
    await visitorWrites(widgetFrame(page), 'A private question')
    const reach = await page.evaluate(() => {
      const frame = document
        .querySelector('[data-limedesk-widget]')
        ?.shadowRoot?.querySelector('iframe') as HTMLIFrameElement | null
      if (!frame) return 'no frame'
      try {
        return frame.contentDocument?.body?.innerText ?? 'no document'
      } catch {
        return 'blocked'
      }
    })
    expect(['no document', 'blocked']).toContain(reach)
    await context.close()
  })

  test('the widget does not start on a site that is not allowed', async () => {
    const { context, page } = await visitorPage(stranger.origin)
    const errors = () =>
      page.evaluate(() =>
        (window as unknown as { widgetEvents: { name: string; detail?: { code?: string } }[] }).widgetEvents
          .filter((e) => e.name === 'error')
          .map((e) => e.detail?.code),
      )
    // The desk's refusal reaches the page across origins, so the loader names it (not "unavailable").
    await expect.poll(errors).toEqual(['ERR_WIDGET_ORIGIN_NOT_ALLOWED'])
    expect(await launcher(page).count()).toBe(0)
    // Framing the widget's page directly is refused by the browser (frame-ancestors).
    await page.setContent(`<iframe src="${desk.url}/widget/${connectionId}?mode=inline"></iframe>`)
    const framed = page.frames().find((f) => f.url().includes('/widget/'))
    const text = framed ? await framed.evaluate(() => document.body?.innerText ?? '').catch(() => '') : ''
    expect(text).not.toContain('Send us a message')
    await context.close()
  })
})

describe('tokens', () => {
  test('a token opens its own contact only; tampered and expired tokens are refused', async () => {
    const forA = mintToken(secret, { sub: 'customer-a', name: 'Alice Partner', exp: inSeconds(300) })
    const forB = mintToken(secret, { sub: 'customer-b', name: 'Bob Partner', exp: inSeconds(300) })
    const a = await session(forA)
    const b = await session(forB)
    expect(a.status).toBe(200)
    expect(b.status).toBe(200)
    const send = (sessionToken: string, body: string) =>
      fetch(`${desk.url}/api/widget/messages`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${sessionToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ clientId: `c${Date.now()}${body.length}`, body }),
      })
    expect((await send(b.body.sessionToken as string, 'Bob writes privately')).status).toBeLessThan(300)
    expect(await widgetMessages(a.body.sessionToken as string)).not.toContain('Bob writes privately')

    // A's token with B's identifier and A's signature: refused.
    const [head, , signature] = forA.split('.')
    const claimsB = Buffer.from(JSON.stringify({ sub: 'customer-b', exp: inSeconds(300) })).toString('base64url')
    const tampered = await session(`${head}.${claimsB}.${signature}`)
    expect(tampered.status).toBeGreaterThanOrEqual(401)
    expect(JSON.stringify(tampered.body)).toContain('ERR_WIDGET_TOKEN_INVALID')

    const expired = await session(mintToken(secret, { sub: 'customer-a', exp: inSeconds(-60) }))
    expect(expired.status).toBeGreaterThanOrEqual(401)
    expect(JSON.stringify(expired.body)).toContain('ERR_WIDGET_TOKEN_EXPIRED')

    // In the browser, an expired token shows the error instead of a conversation.
    const { context, page } = await visitorPage()
    await page.evaluate(
      (token) =>
        (window as unknown as { LimeDeskWidget: { setUser(u: unknown): void } }).LimeDeskWidget.setUser({ token }),
      mintToken(secret, { sub: 'customer-a', exp: inSeconds(-60) }),
    )
    await launcher(page).click()
    await widgetFrame(page).getByText('This sign-in link has expired', { exact: false }).waitFor()
    await context.close()
  })
})

describe('agent mode', () => {
  test("a partner user replies as the assignee, and is refused on another user's ticket", async () => {
    const agentApi = apiWith(desk, await tokenOf(desk, agent))
    const users = await api<{ users: { id: number; email: string }[] }>('GET', '/users')
    const agentId = users.users.find((u) => u.email === agent.email)?.id
    // Two visitor conversations: one the agent takes, one the administrator takes.
    const mine = await session(mintToken(secret, { sub: 'agent-mode-1', name: 'Carla', exp: inSeconds(300) }))
    const theirs = await session(mintToken(secret, { sub: 'agent-mode-2', name: 'Dario', exp: inSeconds(300) }))
    const write = (sessionToken: string) =>
      fetch(`${desk.url}/api/widget/messages`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${sessionToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ clientId: `first-${sessionToken.slice(-12)}`, body: 'I need help' }),
      }).then((r) => r.json() as Promise<{ ticketId: number }>)
    const ticketMine = (await write(mine.body.sessionToken as string)).ticketId
    const ticketTheirs = (await write(theirs.body.sessionToken as string)).ticketId
    await agentApi('PUT', `/tickets/${ticketMine}`, { status: 'open', userId: agentId })
    await api('PUT', `/tickets/${ticketTheirs}`, { status: 'open' })

    const { context, page } = await visitorPage()
    await page.evaluate(
      (token) =>
        (window as unknown as { LimeDeskWidget: { setUser(u: unknown): void } }).LimeDeskWidget.setUser({ token }),
      mintToken(secret, { ticketId: ticketMine, userEmail: agent.email, exp: inSeconds(300) }),
    )
    await launcher(page).click()
    const frame = widgetFrame(page)
    await frame.getByRole('log').getByText('I need help').waitFor()
    await visitorWrites(frame, 'Answered from the partner portal')
    const sent = await eventually(
      () => api<{ messages: Message[] }>('GET', `/messages/${ticketMine}`),
      (r) => r.messages.some((m) => m.body === 'Answered from the partner portal'),
      "the agent's reply on the ticket",
    )
    const reply = sent.messages.find((m) => m.body === 'Answered from the partner portal')
    expect(reply?.fromMe).toBe(true)

    // Another user's ticket: the administrator may read the agent's ticket but not reply there, and the
    // agent may not even open the administrator's (the desk's own rule: agents see their own tickets).
    const asAdmin = await session(
      mintToken(secret, { ticketId: ticketMine, userEmail: admin.email, exp: inSeconds(300) }),
    )
    expect(asAdmin.status).toBe(200)
    const refused = await fetch(`${desk.url}/api/widget/messages`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${asAdmin.body.sessionToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ clientId: 'not-mine-0001', body: 'Should not go out' }),
    })
    expect(refused.status).toBe(403)
    expect(await refused.text()).toContain('ERR_WIDGET_NOT_ASSIGNEE')
    const theirsForAgent = await session(
      mintToken(secret, { ticketId: ticketTheirs, userEmail: agent.email, exp: inSeconds(300) }),
    )
    expect(theirsForAgent.status).toBe(403)

    // In the frame, the administrator sees the conversation read-only.
    await page.evaluate(
      (token) =>
        (window as unknown as { LimeDeskWidget: { setUser(u: unknown): void } }).LimeDeskWidget.setUser({ token }),
      mintToken(secret, { ticketId: ticketMine, userEmail: admin.email, exp: inSeconds(300) }),
    )
    await frame.getByText('Only the agent this ticket is assigned to can reply here.').waitFor()
    expect(await frame.getByRole('textbox', { name: 'Message' }).count()).toBe(0)
    await context.close()
  })
})
