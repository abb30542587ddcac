/**
 * `PUT /api/widget/contact`: a visitor fills what their contact lacks, by the desk's contact rules; a name
 * or address already stored (the partner vouched for it, an agent wrote it, the visitor gave it before) stays.
 */
import type { ErrorResponse } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/drivers'
import { bootstrapAdmin, type Client, startTestServer, type TestServer } from '../support/server'
import { createWebChat, openSession, partnerToken, widgetClient } from '../support/widget'

type Err = ErrorResponse
const fieldsOf = (body: unknown) =>
  Object.fromEntries(((body as Err).fields ?? []).map((f) => [f.path, f.message] as [string, string]))

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`a visitor's own contact (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let wc: Awaited<ReturnType<typeof createWebChat>>

    const anonymous = async (body: Record<string, unknown> = {}) => {
      const opened = await openSession(t, wc.id, body)
      expect(opened.status).toBe(200)
      return widgetClient(t, opened.body)
    }
    const verified = async (claims: Record<string, unknown>) => {
      const opened = await openSession(t, wc.id, { token: await partnerToken(wc.secret, claims) })
      expect(opened.status).toBe(200)
      return widgetClient(t, opened.body)
    }
    const leave = (visitor: Awaited<ReturnType<typeof anonymous>>, body: Record<string, unknown>) =>
      visitor.client.call('widgetContact', { body })
    const inDesk = async (id: number) => (await admin.call('contactGet', { params: { id } })).body
    /** The visitor's contact as a new session of theirs finds it: null until they first write. */
    const contactOf = async (visitor: Awaited<ReturnType<typeof anonymous>>) => {
      const { visitorToken } = visitor.session
      return (await openSession(t, wc.id, { visitorToken })).body.contact.id
    }
    /** The contact of a visitor who has written (a first message or their details make it). */
    const writtenContact = async (body: Record<string, unknown>) => {
      const id = (await openSession(t, wc.id, body)).body.contact.id
      if (id === null) throw new Error('the visitor has no contact yet')
      return id
    }

    beforeAll(async () => {
      t = await startTestServer(driver, { autoCloseHours: 0 })
      admin = await bootstrapAdmin(t)
      wc = await createWebChat(admin)
    })
    afterAll(() => t?.close())

    it("refuses what the desk's contact rules refuse, naming the fields, and stores nothing", async () => {
      const visitor = await anonymous()
      const made = visitor.session.contact.name
      const short = await leave(visitor, { name: 'J', email: 'not-an-address' })
      expect(short.status).toBe(400)
      expect((short.body as unknown as Err).error).toBe('ERR_VALIDATION')
      expect(fieldsOf(short.body)).toEqual({ name: 'validation.tooShort', email: 'validation.invalidEmail' })
      const long = await leave(visitor, { name: 'N'.repeat(51) })
      expect(long.status).toBe(400)
      expect(fieldsOf(long.body)).toEqual({ name: 'validation.tooLong' })
      expect(made).toMatch(/^Visitor [0-9a-f]{4}$/)
      // A refused call makes no contact either.
      expect(await contactOf(visitor)).toBeNull()
    })

    it('lets an anonymous visitor fill an empty name and address once; what they gave then stays', async () => {
      const visitor = await anonymous()
      expect(visitor.session.contact.name).toMatch(/^Visitor [0-9a-f]{4}$/)
      const first = await leave(visitor, { name: '  Jo Ann ', email: 'Jo@Mail.Example' })
      expect(first.status).toBe(200)
      expect(first.body).toEqual({ name: 'Jo Ann', email: 'jo@mail.example' })
      const again = await leave(visitor, { name: 'Mallory', email: 'mallory@evil.example' })
      expect(again.status).toBe(200)
      expect(again.body).toEqual({ name: 'Jo Ann', email: 'jo@mail.example' })
      const id = await contactOf(visitor)
      if (id === null) throw new Error('leaving details makes the contact')
      expect(await inDesk(id)).toMatchObject({ name: 'Jo Ann', email: 'jo@mail.example' })
    })

    it('keeps what the partner vouched for, and lets the visitor fill what the partner left out', async () => {
      const visitor = await verified({ sub: 'crm-77', name: 'Ana Souza' })
      const saved = await leave(visitor, { name: 'Someone Else', email: 'ana@mail.example' })
      expect(saved.status).toBe(200)
      expect(saved.body).toEqual({ name: 'Ana Souza', email: 'ana@mail.example' })
      const vouched = await verified({ sub: 'crm-78', name: 'Bia Lima', email: 'bia@partner.example' })
      const kept = await leave(vouched, { email: 'elsewhere@mail.example' })
      expect(kept.body).toEqual({ name: 'Bia Lima', email: 'bia@partner.example' })
      const id = await writtenContact({ token: await partnerToken(wc.secret, { sub: 'crm-77', name: 'Ana Souza' }) })
      expect(await inDesk(id)).toMatchObject({ name: 'Ana Souza', email: 'ana@mail.example' })
      const biaToken = await partnerToken(wc.secret, { sub: 'crm-78', name: 'Bia Lima', email: 'bia@partner.example' })
      expect(await inDesk(await writtenContact({ token: biaToken }))).toMatchObject({ email: 'bia@partner.example' })
    })

    it('keeps what an agent wrote', async () => {
      const visitor = await anonymous()
      expect((await visitor.send('Hello')).status).toBe(200)
      const id = await writtenContact({ visitorToken: visitor.session.visitorToken })
      const contact = await inDesk(id)
      const edited = await admin.call('contactUpdate', {
        params: { id },
        body: {
          name: 'Carla from the shop',
          email: 'carla@shop.example',
        },
      })
      expect(edited.status).toBe(200)
      const saved = await leave(visitor, { name: 'Carla', email: 'carla@mail.example' })
      expect(saved.body).toEqual({ name: 'Carla from the shop', email: 'carla@shop.example' })
      expect(await inDesk(id)).toMatchObject({ name: 'Carla from the shop', email: 'carla@shop.example' })
      expect(contact.name).not.toBe('Carla from the shop')
    })
  })
}
