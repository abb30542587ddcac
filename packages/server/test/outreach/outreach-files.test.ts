import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { OutreachFile } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { samples } from '../support/outreach'
import { apiPath, bootstrapAdmin, type Client, startTestServer, type TestServer } from '../support/server'

/** What a refused read answers: the code, with `path` named as the field. */
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { code?: string; status?: number; fields?: Array<{ path: string }> }) => {
      expect(error.status).toBe(400)
      expect(error.fields?.[0]?.path).toBe('path')
      return error.code
    },
  )

/** A multipart upload of one file, as the page's file picker sends it. */
const upload = async (client: Client, name: string, data: Buffer, fields: Record<string, string> = {}) => {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  form.append('file', new Blob([new Uint8Array(data)]), name)
  const res = await fetch(`${client.baseUrl}${apiPath('outreachFileUpload')}`, {
    method: 'POST',
    headers: client.token ? { authorization: `Bearer ${client.token}` } : {},
    body: form,
  })
  return { status: res.status, body: (await res.json()) as OutreachFile & { error?: string } }
}

describe('files and audio by path in the outreach folder', () => {
  let t: TestServer
  let dir: string
  let outside: string
  beforeAll(async () => {
    t = await startTestServer('sqlite', { outreach: { maxBytes: 4096 } })
    dir = path.join(t.storage.dataDir, 'outreach')
    outside = mkdtempSync(path.join(tmpdir(), 'outreach-outside-'))
    writeFileSync(path.join(outside, 'secret.pdf'), samples.pdf)
    writeFileSync(path.join(dir, 'promo.png'), samples.png)
    writeFileSync(path.join(dir, 'voice.ogg'), samples.ogg.subarray(0, 4000))
    writeFileSync(path.join(dir, 'page.html'), samples.html)
    writeFileSync(path.join(dir, 'prices.csv'), 'item,price\ncoffee,3\n')
    writeFileSync(path.join(dir, 'huge.pdf'), Buffer.concat([samples.pdf, Buffer.alloc(5000, 32)]))
    mkdirSync(path.join(dir, 'campaign'))
    writeFileSync(path.join(dir, 'campaign', 'flyer.pdf'), samples.pdf)
    symlinkSync(path.join(outside, 'secret.pdf'), path.join(dir, 'escape.pdf'))
    symlinkSync(outside, path.join(dir, 'escape-dir'))
    symlinkSync(path.join(dir, 'promo.png'), path.join(dir, 'alias.png'))
  })
  afterAll(async () => {
    await t.close()
    rmSync(outside, { recursive: true, force: true })
  })

  const inputs = () => t.server.services.outreachInputs

  it('creates the folder under the data folder', () => {
    expect(inputs().config.dir).toBe(dir)
  })

  it.each([
    ['../../etc/passwd', 'ERR_OUTREACH_PATH_FORBIDDEN'],
    ['campaign/../promo.png', 'ERR_OUTREACH_PATH_FORBIDDEN'],
    ['/etc/passwd', 'ERR_OUTREACH_PATH_FORBIDDEN'],
    ['C:\\files\\promo.png', 'ERR_OUTREACH_PATH_FORBIDDEN'],
    ['escape.pdf', 'ERR_OUTREACH_PATH_FORBIDDEN'],
    ['escape-dir/secret.pdf', 'ERR_OUTREACH_PATH_FORBIDDEN'],
    ['campaign', 'ERR_OUTREACH_PATH_FORBIDDEN'],
    ['.', 'ERR_OUTREACH_PATH_FORBIDDEN'],
    ['', 'ERR_OUTREACH_PATH_FORBIDDEN'],
    ['nothing.pdf', 'ERR_OUTREACH_FILE_NOT_FOUND'],
    ['huge.pdf', 'ERR_OUTREACH_FILE_TOO_LARGE'],
    ['page.html', 'ERR_OUTREACH_MEDIA_TYPE'],
  ])('refuses %s with %s', async (typed, code) => {
    expect(await codeOf(inputs().readFile(typed))).toBe(code)
  })

  it('refuses the secret by its absolute path outside the folder', async () => {
    expect(await codeOf(inputs().readFile(path.join(outside, 'secret.pdf')))).toBe('ERR_OUTREACH_PATH_FORBIDDEN')
  })

  it('reads a file by its name, by a sub-folder path and by its absolute path inside the folder', async () => {
    const byName = await inputs().readFile('promo.png', { caption: 'Our promo' })
    expect(byName).toMatchObject({
      mimeType: 'image/png',
      mediaType: 'image',
      fileName: 'promo.png',
      caption: 'Our promo',
    })
    expect(byName.data.equals(samples.png)).toBe(true)
    expect(await inputs().readFile('campaign/flyer.pdf')).toMatchObject({
      mimeType: 'application/pdf',
      mediaType: 'other',
    })
    expect(await inputs().readFile(`${dir}/campaign/flyer.pdf`)).toMatchObject({ fileName: 'flyer.pdf' })
    expect(await inputs().readFile('prices.csv')).toMatchObject({ mimeType: 'text/csv', fileName: 'prices.csv' })
  })

  it('follows a link that stays inside the folder', async () => {
    expect(await inputs().readFile('alias.png')).toMatchObject({ mimeType: 'image/png' })
  })

  it('reads audio as a voice note, and refuses what is not audio', async () => {
    expect(await inputs().readAudio('voice.ogg')).toMatchObject({
      mimeType: 'audio/ogg',
      mediaType: 'audio',
      fileName: 'voice.ogg',
    })
    expect(await codeOf(inputs().readAudio('promo.png'))).toBe('ERR_OUTREACH_MEDIA_TYPE')
  })
})

describe('uploads into the outreach folder', () => {
  let t: TestServer
  let admin: Client
  let alice: Client
  let bob: Client
  beforeAll(async () => {
    t = await startTestServer('sqlite', { outreach: { maxBytes: 8192 } })
    admin = await bootstrapAdmin(t)
    alice = (await t.addUser(admin, 'Alice', 'alice@desk.test')).client
    bob = (await t.addUser(admin, 'Bob', 'bob@desk.test')).client
  })
  afterAll(() => t.close())

  it('is for signed-in users only', async () => {
    const anonymous = t.client()
    expect((await upload(anonymous, 'x.png', samples.png)).status).toBe(401)
    expect((await anonymous.call('outreachFileList')).status).toBe(401)
    expect((await anonymous.call('outreachFileDelete', { params: { name: 'x.png' } })).status).toBe(401)
  })

  it('stores an upload under a clean name, and the bulk forms read it back by the path it answers', async () => {
    const res = await upload(alice, '../../Promo: summer?.png', samples.png)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      name: 'Promo summer.png',
      path: 'Promo summer.png',
      size: samples.png.length,
      mimeType: 'image/png',
    })
    const media = await t.server.services.outreachInputs.readFile(res.body.path)
    expect(media.data.equals(samples.png)).toBe(true)
    const list = await alice.call('outreachFileList')
    expect(list.body.files.map((f) => f.name)).toContain('Promo summer.png')
    expect(list.body.folder).toBe(path.join(t.storage.dataDir, 'outreach'))
  })

  it('names the file after the type of its bytes', async () => {
    const res = await upload(alice, 'flyer.png', samples.pdf)
    expect(res.body).toMatchObject({ name: 'flyer.pdf', mimeType: 'application/pdf' })
  })

  it('never overwrites unless asked, and only the uploader or an admin may replace or delete', async () => {
    expect((await upload(alice, 'offer.png', samples.png)).status).toBe(200)
    const again = await upload(bob, 'offer.png', samples.png)
    expect(again.status).toBe(400)
    expect(again.body.error).toBe('ERR_OUTREACH_FILE_EXISTS')
    expect((await upload(bob, 'offer.png', samples.png, { overwrite: 'true' })).status).toBe(403)
    expect((await upload(alice, 'offer.png', samples.png, { overwrite: 'true' })).status).toBe(200)
    expect((await bob.call('outreachFileDelete', { params: { name: 'offer.png' } })).status).toBe(403)
    expect((await alice.call('outreachFileDelete', { params: { name: 'offer.png' } })).status).toBe(204)
    expect((await alice.call('outreachFileDelete', { params: { name: 'offer.png' } })).body).toMatchObject({
      error: 'ERR_OUTREACH_FILE_NOT_FOUND',
    })
    expect((await upload(bob, 'bobs.png', samples.png)).status).toBe(200)
    expect((await admin.call('outreachFileDelete', { params: { name: 'bobs.png' } })).status).toBe(204)
  })

  it('refuses what the desk cannot send, what is too large, and a form without a file', async () => {
    const html = await upload(alice, 'page.png', samples.html)
    expect(html.status).toBe(400)
    expect(html.body.error).toBe('ERR_OUTREACH_MEDIA_TYPE')
    const big = await upload(alice, 'big.pdf', Buffer.concat([samples.pdf, Buffer.alloc(9000, 32)]))
    expect(big.status).toBe(413)
    expect(big.body.error).toBe('ERR_PAYLOAD_TOO_LARGE')
    const none = await alice.call('outreachFileUpload', { body: {} })
    expect(none.status).toBe(400)
  })

  it('refuses names that are not a file in the folder', async () => {
    for (const name of ['..%2F..%2Fetc%2Fpasswd', '.owners', '%2Fetc%2Fpasswd']) {
      expect((await admin.call('outreachFileDelete', { params: { name } })).status).toBe(400)
    }
    expect((await admin.call('outreachFileDelete', { params: { name: 'nothing.pdf' } })).status).toBe(400)
  })
})
