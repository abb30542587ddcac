import {
  type ErrorResponse,
  parseLocationBody,
  parseVcardBody,
  type SendMessageResponse,
  type TicketListResponse,
} from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectSimulator } from './support/desk'
import { drivers } from './support/drivers'
import { bootstrapAdmin, type Client, startTestServer, type TestServer } from './support/server'

type Err = ErrorResponse

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`location and contact card sends (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let sim: Awaited<ReturnType<typeof connectSimulator>>
    let ticketId: number

    beforeAll(async () => {
      t = await startTestServer(driver, { simulator: { qrRefreshMs: 0 }, autoCloseHours: 0 })
      admin = await bootstrapAdmin(t)
      sim = await connectSimulator(admin)
      ticketId = (await sim.inbound({ from: '5511900000001', name: 'Maria', body: 'Where are you?' })).ticketId!
      await admin.put(`/api/tickets/${ticketId}`, { status: 'open' })
    })
    afterAll(() => t?.close())

    it('sends a location and stores it as image|link|description', async () => {
      const sent = await admin.post<SendMessageResponse>(`/api/messages/${ticketId}`, {
        body: 'ignored',
        location: { latitude: -23.561414, longitude: -46.655881, description: 'Office\nAv. Paulista, 1000' },
      })
      expect(sent.status).toBe(200)
      const message = sent.body.messages[0]!
      expect(message).toMatchObject({ mediaType: 'location', error: null, fromMe: true })
      expect(message.body).toBe(
        '|https://maps.google.com/maps?q=-23.561414%2C-46.655881&z=17|Office\nAv. Paulista, 1000',
      )
      expect(parseLocationBody(message.body)).toEqual({
        imageUrl: null,
        link: 'https://maps.google.com/maps?q=-23.561414%2C-46.655881&z=17',
        description: 'Office\nAv. Paulista, 1000',
      })
      const out = (await sim.outbox('5511900000001')).at(-1)!
      expect(out).toMatchObject({ kind: 'location', mediaType: 'location', messageId: message.id, body: message.body })
    })

    it('sends a contact card with its name and number', async () => {
      const sent = await admin.post<SendMessageResponse>(`/api/messages/${ticketId}`, {
        vcard: { name: 'Ana <b>Souza</b>', number: '+55 (11) 98888-7777' },
      })
      expect(sent.status).toBe(200)
      const message = sent.body.messages[0]!
      expect(message.mediaType).toBe('vcard')
      expect(message.body).toContain('FN:Ana <b>Souza</b>')
      expect(message.body).toContain('TEL;type=CELL;waid=5511988887777:+5511988887777')
      expect(parseVcardBody(message.body)).toEqual({
        name: 'Ana <b>Souza</b>',
        numbers: ['5511988887777'],
        number: '5511988887777',
      })
      expect((await sim.outbox('5511900000001')).at(-1)).toMatchObject({ kind: 'vcard', body: message.body })
      const list = await admin.get<TicketListResponse>('/api/tickets?showAll=true')
      expect(list.body.tickets.find((t) => t.id === ticketId)?.lastMessage).toBe(message.body)
    })

    it('refuses coordinates off the globe, short numbers and two kinds at once', async () => {
      const bad = async (payload: unknown) => {
        const res = await admin.post<Err>(`/api/messages/${ticketId}`, payload)
        return [res.status, res.body.fields?.map((f) => `${f.path}:${f.message}`)]
      }
      expect(await bad({ location: { latitude: 91, longitude: 0 } })).toEqual([
        400,
        ['location.latitude:validation.invalid'],
      ])
      expect(await bad({ location: { latitude: '1', longitude: 0 } })).toEqual([
        400,
        ['location.latitude:validation.invalid'],
      ])
      expect(await bad({ vcard: { name: 'Ana', number: '12-34' } })).toEqual([
        400,
        ['vcard.number:validation.tooShort'],
      ])
      expect(await bad({ vcard: { name: ' ', number: '5511988887777' } })).toEqual([
        400,
        ['vcard.name:validation.required'],
      ])
      expect(
        await bad({ location: { latitude: 1, longitude: 2 }, vcard: { name: 'Ana', number: '5511988887777' } }),
      ).toEqual([400, ['location:validation.invalid']])
      expect(
        (await admin.post<Err>('/api/messages/99999', { vcard: { name: 'A', number: '5511988887777' } })).body.error,
      ).toBe('ERR_NO_TICKET_FOUND')
    })
  })
}
