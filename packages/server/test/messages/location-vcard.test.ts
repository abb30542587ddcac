import { parseLocationBody, parseVcardBody, type SendMessageResponse } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cloudChange, deliverCloud } from '../support/cloud'
import { connectSimulator } from '../support/desk'
import { drivers } from '../support/drivers'
import { startGraphFake } from '../support/graph-fake'
import { apiPath, bootstrapAdmin, type Client, startTestServer, type TestServer } from '../support/server'

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
      await admin.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'open' } })
    })
    afterAll(() => t?.close())

    it('sends a location and stores it as image|link|description', async () => {
      const sent = await admin.call('messageSend', {
        params: { ticketId },
        body: {
          body: 'ignored',
          location: { latitude: -23.561414, longitude: -46.655881, description: 'Office\nAv. Paulista, 1000' },
        },
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
      const sent = await admin.call('messageSend', {
        params: { ticketId },
        body: {
          vcard: { name: 'Ana <b>Souza</b>', number: '+55 (11) 98888-7777' },
        },
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
      const list = await admin.call('ticketList', { query: { showAll: true } })
      expect(list.body.tickets.find((t) => t.id === ticketId)?.lastMessage).toBe(message.body)
    })

    it('refuses coordinates off the globe, short numbers and two kinds at once', async () => {
      const bad = async (payload: unknown) => {
        const res = await admin.call('messageSend', { params: { ticketId }, body: payload })
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
        (
          await admin.call('messageSend', {
            params: { ticketId: 99999 },
            body: { vcard: { name: 'A', number: '5511988887777' } },
          })
        ).body.error,
      ).toBe('ERR_NO_TICKET_FOUND')
    })
  })
}

const PHONE_ID = '106540352242922'
const APP_SECRET = 'app-secret-for-tests'
const PDF = Buffer.from('%PDF-1.4\n% a small invoice\n', 'latin1')

/**
 * What the conversation's location card reads: `image|link|description` with an http(s) link. An
 * empty image part is a location without a thumbnail (the card shows a pin instead of a map).
 */
for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`inbound locations and stored files (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let graph: Awaited<ReturnType<typeof startGraphFake>>
    let sim: Awaited<ReturnType<typeof connectSimulator>>
    let cloudId: number

    beforeAll(async () => {
      graph = await startGraphFake(() => 'token-1')
      t = await startTestServer(driver, {
        simulator: { qrRefreshMs: 0 },
        autoCloseHours: 0,
        cloudApiBaseUrl: graph.url,
      })
      admin = await bootstrapAdmin(t)
      sim = await connectSimulator(admin)
      const created = await admin.call('connectionCreate', {
        body: {
          name: 'Cloud line',
          driver: 'cloud-api',
          cloudApi: { phoneNumberId: PHONE_ID, accessToken: 'token-1', verifyToken: 'verify', appSecret: APP_SECRET },
        },
      })
      cloudId = created.body.id
    })
    afterAll(async () => {
      t?.server.app.server.closeAllConnections()
      await t?.close()
      await graph?.close()
    })

    const lastMessageOf = async (ticketId: number) =>
      (await admin.call('messageList', { params: { ticketId } })).body.messages.at(-1)!

    it('keeps a simulator location without a thumbnail as `|link|description`', async () => {
      // What `customer` sends for `/location https://maps.example.com/?q=-23.56,-46.65 Av. Paulista, 1000`.
      const body = '|https://maps.example.com/?q=-23.56,-46.65|Av. Paulista, 1000'
      const { ticketId } = await sim.inbound({ from: '5511900000401', name: 'Rui', mediaType: 'location', body })
      const message = await lastMessageOf(ticketId!)
      expect(message).toMatchObject({ mediaType: 'location', body, mediaUrl: null, mediaSize: null })
      expect(parseLocationBody(message.body)).toEqual({
        imageUrl: null,
        link: 'https://maps.example.com/?q=-23.56,-46.65',
        description: 'Av. Paulista, 1000',
      })
      const list = await admin.call('ticketList', { query: { showAll: true } })
      expect(list.body.tickets.find((x) => x.id === ticketId)?.lastMessage).toBe(body)
    })

    it('keeps a simulator location without a description as `|link|`', async () => {
      const body = '|https://maps.example.com/?q=1,2|'
      const { ticketId } = await sim.inbound({ from: '5511900000402', mediaType: 'location', body })
      const message = await lastMessageOf(ticketId!)
      expect(parseLocationBody(message.body)).toEqual({
        imageUrl: null,
        link: 'https://maps.example.com/?q=1,2',
        description: null,
      })
    })

    it('stores a Cloud API location as `|map link|name and address`', async () => {
      const payload = cloudChange(
        {
          contacts: [{ wa_id: '5511900000403', profile: { name: 'Lia' } }],
          messages: [
            {
              from: '5511900000403',
              id: 'wamid.LOC1',
              timestamp: '1700000000',
              type: 'location',
              location: { latitude: -23.5614, longitude: -46.6558, name: 'Office', address: 'Av. Paulista, 1000' },
            },
          ],
        },
        PHONE_ID,
      )
      expect((await deliverCloud(t.client(), cloudId, payload, APP_SECRET)).status).toBe(200)
      const list = await admin.call('ticketList', { query: { showAll: true, searchParam: '5511900000403' } })
      const ticket = list.body.tickets[0]!
      const message = await lastMessageOf(ticket.id)
      expect(message.mediaType).toBe('location')
      expect(message.body).toBe('|https://maps.google.com/maps?q=-23.5614%2C-46.6558&z=17|Office\nAv. Paulista, 1000')
      expect(parseLocationBody(message.body)).toMatchObject({
        imageUrl: null,
        description: 'Office\nAv. Paulista, 1000',
      })
      expect(ticket.lastMessage).toBe(message.body)
    })

    it('never turns a non-http link into a location', async () => {
      const body = '|javascript:alert(1)|Click me'
      const { ticketId } = await sim.inbound({ from: '5511900000404', mediaType: 'location', body })
      expect(parseLocationBody((await lastMessageOf(ticketId!)).body)).toBeNull()
    })

    it('records the size and name of a file a customer sends', async () => {
      const { ticketId } = await sim.inbound({
        from: '5511900000405',
        mediaType: 'other',
        mediaBase64: PDF.toString('base64'),
        fileName: 'invoice-4512.pdf',
      })
      const message = await lastMessageOf(ticketId!)
      expect(message).toMatchObject({ mediaType: 'other', mediaSize: PDF.length, mediaName: 'invoice-4512.pdf' })
      expect(message.mediaUrl).toMatch(/\.pdf$/)
    })

    it('records the size and name of a Cloud API document', async () => {
      graph.addMedia('MEDIA-DOC-1', PDF, 'application/pdf')
      const payload = cloudChange(
        {
          contacts: [{ wa_id: '5511900000406', profile: { name: 'Lia' } }],
          messages: [
            {
              from: '5511900000406',
              id: 'wamid.DOC1',
              timestamp: '1700000000',
              type: 'document',
              document: { id: 'MEDIA-DOC-1', filename: 'contract.pdf', mime_type: 'application/pdf' },
            },
          ],
        },
        PHONE_ID,
      )
      expect((await deliverCloud(t.client(), cloudId, payload, APP_SECRET)).status).toBe(200)
      const list = await admin.call('ticketList', { query: { showAll: true, searchParam: '5511900000406' } })
      const message = await lastMessageOf(list.body.tickets[0]!.id)
      expect(message).toMatchObject({ mediaType: 'other', mediaSize: PDF.length, mediaName: 'contract.pdf' })
    })

    it('records the size and name of uploaded files, and keeps them when a file is sent again', async () => {
      const { ticketId } = await sim.inbound({ from: '5511900000407', body: 'send me the invoice' })
      await admin.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'open' } })
      const form = new FormData()
      form.append('body', '')
      form.append('medias', new Blob([PDF]), 'invoice-4512.pdf')
      const res = await fetch(`${t.url}${apiPath('messageSend', { ticketId })}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}` },
        body: form,
      })
      expect(res.status).toBe(200)
      const [sent] = ((await res.json()) as SendMessageResponse).messages
      expect(sent).toMatchObject({ mediaType: 'other', body: '', mediaSize: PDF.length, mediaName: 'invoice-4512.pdf' })
      expect(await lastMessageOf(ticketId!)).toMatchObject({ mediaSize: PDF.length, mediaName: 'invoice-4512.pdf' })

      const again = await admin.call('messageSend', { params: { ticketId }, body: { mediaUrl: sent!.mediaUrl } })
      expect(again.status).toBe(200)
      expect(again.body.messages[0]).toMatchObject({ mediaSize: PDF.length, mediaName: 'invoice-4512.pdf' })
      // Text and locations have no file.
      const text = await admin.call('messageSend', { params: { ticketId }, body: { body: 'there it is' } })
      expect(text.body.messages[0]).toMatchObject({ mediaSize: null, mediaName: null })
    })
  })
}
