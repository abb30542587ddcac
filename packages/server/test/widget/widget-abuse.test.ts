import { once } from 'node:events'
import { readdirSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import type { ErrorResponse, WidgetMessage } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveJwtSecret } from '../../src/config'
import { createUploadQuota } from '../../src/modules/rate-limits/quota'
import { createDatabaseRateLimitStore } from '../../src/modules/rate-limits/repository'
import { secretGeneration } from '../../src/modules/widget/settings'
import { createWidgetTokens } from '../../src/modules/widget/tokens'
import { drivers } from '../support/drivers'
import { apiPath, bootstrapAdmin, type Client, startTestServer, type TestServer } from '../support/server'
import { createWebChat, newClientId, openSession, partnerToken, widgetClient, widgetSocket } from '../support/widget'

type Err = ErrorResponse

/**
 * The widget faces the public internet: opening sessions makes no contact and no ticket (the
 * visitor's first message does), new anonymous visitors are limited per address, and uploads stop at
 * byte quotas per visitor, per address and per connection, storing nothing past them.
 */
for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`the widget against anonymous abuse (${driver})`, () => {
    let t: TestServer
    let admin: Client

    beforeAll(async () => {
      t = await startTestServer(driver, {
        autoCloseHours: 0,
        widgetRateLimit: { newVisitorsPerHour: 8, sendsPerMinute: 0, sendBurst: 0 },
        widgetUploadQuota: { perVisitorBytes: 100_000, perAddressBytes: 250_000, perConnectionBytes: 200_000 },
      })
      admin = await bootstrapAdmin(t)
    })
    afterAll(() => t?.close())

    const contactCount = async () =>
      (await admin.call('contactList', { query: { pageNumber: 1 } })).body.contacts.length
    const waitingCount = async () =>
      (await admin.call('ticketList', { query: { status: 'pending', showAll: true } })).body.count
    const mediaFiles = () => {
      try {
        return readdirSync(path.join(t.storage.dataDir, 'media')).length
      } catch {
        return 0
      }
    }
    /** A multipart send of files of these sizes (PDF-looking bytes) through a widget session. */
    const upload = async (sessionToken: string | { sessionToken: string; clientId: string }, ...sizes: number[]) => {
      const { sessionToken: bearer, clientId } =
        typeof sessionToken === 'string' ? { sessionToken, clientId: newClientId() } : sessionToken
      const form = new FormData()
      form.append('clientId', clientId)
      form.append('body', 'attached')
      for (const [i, size] of sizes.entries()) {
        const data = Buffer.alloc(size, 0x41)
        data.write('%PDF-1.4\n')
        form.append('medias', new Blob([new Uint8Array(data)]), `file-${i}.pdf`)
      }
      const res = await fetch(`${t.url}${apiPath('widgetSend')}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}` },
        body: form,
      })
      return { status: res.status, body: (await res.json()) as WidgetMessage & Err, headers: res.headers }
    }

    it('makes no contact and no ticket for sessions alone; the first message makes exactly one of each', async () => {
      const wc = await createWebChat(admin, {}, { name: 'Flooded site' })
      const [contacts, waiting] = [await contactCount(), await waitingCount()]
      const sessions = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          i < 3
            ? openSession(t, wc.id, { name: `Visitor number ${i}` })
            : partnerToken(wc.secret, { sub: `crm-${i}`, name: 'Pat' }).then((token) =>
                openSession(t, wc.id, { token }),
              ),
        ),
      )
      for (const s of sessions)
        expect(s.body).toMatchObject({ mode: 'customer', contact: { id: null }, ticketId: null })
      expect(await contactCount()).toBe(contacts)
      expect(await waitingCount()).toBe(waiting)

      // A frame connected before its first message hears the conversation once it exists.
      const jo = widgetClient(t, sessions[0].body)
      const socket = await widgetSocket(t, jo.session.sessionToken)
      const heard: WidgetMessage[] = []
      socket.on('widget:message', ({ message }) => heard.push(message))
      // Two first messages at once: one contact, one ticket.
      const [a, b] = await Promise.all([jo.send('first'), jo.send('second')])
      expect([a.status, b.status]).toEqual([200, 200])
      expect(a.body.ticketId).toBe(b.body.ticketId)
      expect(await contactCount()).toBe(contacts + 1)
      expect(await waitingCount()).toBe(waiting + 1)
      const desk = await admin.call('ticketGet', { params: { id: a.body.ticketId } })
      expect(desk.body.contact.name).toBe('Visitor number 0')
      await expect.poll(() => heard.map((m) => m.body).sort()).toEqual(['first', 'second'])
      socket.close()
      // The history and the next session of the same visitor find that contact.
      expect((await jo.messages()).body.messages.map((m) => m.body).sort()).toEqual(['first', 'second'])
      const back = await openSession(t, wc.id, { visitorToken: sessions[0].body.visitorToken })
      expect(back.body.contact.id).toBe(desk.body.contact.id)
      expect(back.body.ticketId).toBe(a.body.ticketId)
      // A verified visitor's contact takes the partner's name with their first message.
      const pat = widgetClient(t, sessions[3].body)
      const patSent = await pat.send('hi')
      const patTicket = await admin.call('ticketGet', { params: { id: patSent.body.ticketId } })
      expect(patTicket.body.contact.name).toBe('Pat')
      expect(await contactCount()).toBe(contacts + 2)
    })

    it('keeps a session signed before contacts waited for the first message (it names the contact)', async () => {
      const wc = await createWebChat(admin, {}, { name: 'Deployed site' })
      const first = await openSession(t, wc.id, { token: await partnerToken(wc.secret, { sub: 'old-frame' }) })
      const sent = await widgetClient(t, first.body).send('from before the upgrade')
      const contactId = (await admin.call('ticketGet', { params: { id: sent.body.ticketId } })).body.contact.id
      const legacy = await createWidgetTokens(resolveJwtSecret(t.storage.dataDir)).signSession({
        cid: wc.id,
        gen: secretGeneration(wc.secret),
        mode: 'customer',
        contactId,
      })
      const old = widgetClient(t, { ...first.body, sessionToken: legacy.sessionToken })
      expect((await old.messages()).body.messages.map((m) => m.body)).toEqual(['from before the upgrade'])
      const again = await old.send('and after it')
      expect(again.body.ticketId).toBe(sent.body.ticketId)
    })

    it('limits the new anonymous visitors one address may start (429), not returning or verified ones', async () => {
      const wc = await createWebChat(admin, {}, { name: 'Limited site' })
      // The first test started 3 anonymous visitors from this address (limit 8 an hour).
      const fresh = []
      for (let i = 0; i < 5; i++) fresh.push(await openSession(t, wc.id, {}))
      expect(fresh.map((r) => r.status)).toEqual([200, 200, 200, 200, 200])
      const refused = await openSession(t, wc.id, {})
      expect(refused.status).toBe(429)
      expect(refused.body.error).toBe('ERR_RATE_LIMITED')
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      const returning = await openSession(t, wc.id, { visitorToken: fresh[0].body.visitorToken })
      expect(returning.status).toBe(200)
      const verified = await openSession(t, wc.id, { token: await partnerToken(wc.secret, { sub: 'crm-limited' }) })
      expect(verified.status).toBe(200)
    })

    it('stops uploads at the quota of the visitor, the connection and the address, storing nothing past them', async () => {
      const site = await createWebChat(admin, {}, { name: 'Upload site' })
      const other = await createWebChat(admin, {}, { name: 'Second upload site' })
      const visitor = async (connectionId: number, sub: string) =>
        widgetClient(
          t,
          (await openSession(t, connectionId, { token: await partnerToken(await secretOf(connectionId), { sub }) }))
            .body,
        )
      const secretOf = async (id: number) => (id === site.id ? site.secret : other.secret)
      const refusedWithNothingStored = async (
        who: ReturnType<typeof widgetClient>,
        sizes: number[],
        contacts: number,
      ) => {
        const files = mediaFiles()
        const before = (await who.messages()).body.messages.length
        const res = await upload(who.session.sessionToken, ...sizes)
        expect(res.status).toBe(429)
        expect(res.body.error).toBe('ERR_WIDGET_QUOTA_EXCEEDED')
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
        expect(mediaFiles()).toBe(files)
        expect((await who.messages()).body.messages.length).toBe(before)
        expect(await contactCount()).toBe(contacts)
      }

      // One visitor: 100 kB. 60 kB goes; 30 + 30 kB more (two files of one send) is refused whole.
      const ana = await visitor(site.id, 'ana')
      const retried = { sessionToken: ana.session.sessionToken, clientId: newClientId() }
      const first = await upload(retried, 60_000)
      expect(first.status).toBe(200)
      await refusedWithNothingStored(ana, [30_000, 30_000], await contactCount())
      // A retry of the stored send answers it, counting and storing nothing (more files neither).
      const files = mediaFiles()
      for (const sizes of [[60_000], [60_000, 60_000]]) {
        const again = await upload(retried, ...sizes)
        expect(again.status).toBe(200)
        expect(again.body.id).toBe(first.body.id)
      }
      expect(mediaFiles()).toBe(files)
      expect((await ana.messages()).body.messages).toHaveLength(1)
      expect((await upload(ana.session.sessionToken, 30_000)).status).toBe(200)
      // The connection: 200 kB for all its visitors (the address allows 250 kB).
      const ben = await visitor(site.id, 'ben')
      expect((await upload(ben.session.sessionToken, 60_000)).status).toBe(200)
      const cy = await visitor(site.id, 'cy')
      // A first message refused makes no contact either.
      await refusedWithNothingStored(cy, [60_000], await contactCount())
      expect(cy.session.contact.id).toBeNull()
      expect((await upload(cy.session.sessionToken, 20_000)).status).toBe(200)
      // The address: 250 kB over every connection (170 kB used above, counted on the other site too).
      const dee = await visitor(other.id, 'dee')
      expect((await upload(dee.session.sessionToken, 60_000)).status).toBe(200)
      const eve = await visitor(other.id, 'eve')
      await refusedWithNothingStored(eve, [30_000], await contactCount())
      // Text still goes.
      expect((await eve.send('no file, just words')).status).toBe(200)
    })

    it('claims the bytes of two uploads that both read their budget at once: the one past the quota gives them back', async () => {
      const quota = createUploadQuota(createDatabaseRateLimitStore(t.server.services.db), {
        windowMs: 60_000,
        perVisitorBytes: 100_000,
        perAddressBytes: 0,
        perConnectionBytes: 0,
      })
      const parties = { visitor: 'racer', ip: '203.0.113.9', connectionId: 999_999 }
      // Both uploads were told 100 kB were left before either had read its file.
      expect(await quota.budget(parties)).toBeGreaterThanOrEqual(100_000)
      expect(await quota.budget(parties)).toBeGreaterThanOrEqual(100_000)
      await quota.claim(parties, 60_000)
      await expect(quota.claim(parties, 60_000)).rejects.toMatchObject({
        code: 'ERR_WIDGET_QUOTA_EXCEEDED',
        status: 429,
      })
      // The refused one's bytes went back: about 40 kB are left, as after the first alone.
      const left = await quota.budget(parties)
      expect(left).toBeGreaterThan(35_000)
      expect(left).toBeLessThan(45_000)
      // A send that failed after its claim gives its bytes back too.
      await quota.claim(parties, 30_000)
      await quota.release(parties, 30_000)
      expect(await quota.budget(parties)).toBe(left)
    })
  })
}

describe('the widget upload quota under concurrent sends', () => {
  let t: TestServer
  let admin: Client

  beforeAll(async () => {
    t = await startTestServer('sqlite', {
      widgetRateLimit: { sendsPerMinute: 0, sendBurst: 0 },
      widgetUploadQuota: { perVisitorBytes: 100_000 },
    })
    admin = await bootstrapAdmin(t)
  })
  afterAll(() => t?.close())

  it('answers an upload past the quota while it is still being sent, and lets its connection go', async () => {
    const wc = await createWebChat(admin, {}, { name: 'Streaming site' })
    const session = (await openSession(t, wc.id, {})).body
    const boundary = 'limedesk-test-boundary'
    const request = http.request(`${t.url}${apiPath('widgetSend')}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${session.sessionToken}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    })
    const closed = once(request, 'close')
    const answered = once(request, 'response') as Promise<[http.IncomingMessage]>
    request.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="clientId"\r\n\r\nstreamed-1\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="big.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    )
    // 200 kB of a file that never ends: the server must answer from what came, past the 100 kB quota.
    request.write(Buffer.alloc(200_000, 0x43))
    const [response] = await answered
    expect(response.statusCode).toBe(429)
    expect(response.headers.connection).toBe('close')
    response.resume()
    await closed
    expect((await widgetClient(t, session).messages()).body.messages).toEqual([])
  })

  it('lets one of two uploads racing for the last bytes through, never both', async () => {
    const wc = await createWebChat(admin)
    const session = (await openSession(t, wc.id, {})).body
    const send = async () => {
      const form = new FormData()
      form.append('clientId', newClientId())
      form.append('body', '')
      form.append('medias', new Blob([new Uint8Array(Buffer.alloc(60_000, 0x42))]), 'data.bin')
      return (
        await fetch(`${t.url}${apiPath('widgetSend')}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${session.sessionToken}` },
          body: form,
        })
      ).status
    }
    const statuses = await Promise.all([send(), send(), send()])
    expect(statuses.sort()).toEqual([200, 429, 429])
    const stored = await widgetClient(
      t,
      (await openSession(t, wc.id, { visitorToken: session.visitorToken })).body,
    ).messages()
    expect(stored.body.messages).toHaveLength(1)
  })
})
