import { randomBytes } from 'node:crypto'
import { MEDIA_MAX_BYTES, SIMULATOR_MEDIA_BASE64_MAX } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BODY_LIMIT_BYTES } from '../../src/config'
import { connectSimulator } from '../support/desk'
import { drivers } from '../support/drivers'
import { bootstrapAdmin, type Client, startTestServer, type TestServer } from '../support/server'

const PNG_HEADER = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`simulated customer media (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let sim: Awaited<ReturnType<typeof connectSimulator>>

    beforeAll(async () => {
      t = await startTestServer(driver, { simulator: { qrRefreshMs: 0 } })
      admin = await bootstrapAdmin(t)
      sim = await connectSimulator(admin)
    })
    afterAll(() => t?.close())

    it('takes an image larger than the 1 MB that bounds other requests', async () => {
      const image = Buffer.concat([PNG_HEADER, randomBytes(2 * 1024 * 1024)])
      const res = await admin.call('simulatorInbound', {
        params: { connectionId: sim.id },
        body: {
          from: '5511900000001',
          mediaType: 'image',
          mediaBase64: image.toString('base64'),
          fileName: 'big.png',
        },
      })
      expect(res.status).toBe(200)
      const page = await admin.call('messageList', { params: { ticketId: res.body.ticketId } })
      const stored = page.body.messages[0]!
      expect(stored.mediaType).toBe('image')
      const served = await fetch(`${t.url}${stored.mediaUrl}`)
      expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true)
    })

    it('answers a body past the largest media file with 413', async () => {
      expect(SIMULATOR_MEDIA_BASE64_MAX).toBeGreaterThanOrEqual((MEDIA_MAX_BYTES * 4) / 3)
      const res = await admin.call('simulatorInbound', {
        params: { connectionId: sim.id },
        body: {
          from: '5511900000002',
          mediaType: 'image',
          mediaBase64: 'A'.repeat(SIMULATOR_MEDIA_BASE64_MAX + BODY_LIMIT_BYTES),
        },
      })
      expect(res.status).toBe(413)
      expect(res.body.error).toBe('ERR_PAYLOAD_TOO_LARGE')
      const contact = await t.server.db
        .selectFrom('contacts')
        .select('id')
        .where('number', '=', '5511900000002')
        .executeTakeFirst()
      expect(contact).toBeUndefined()
    })
  })
}
