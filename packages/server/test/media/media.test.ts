import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseRange } from '../../src/modules/media/range'
import { MEDIA_URL_TTL_SECONDS } from '../../src/modules/media/store'
import { apiPath, startTestServer, type TestServer } from '../support/server'

/**
 * A streamed file can finish on the server a moment after the client has read it; such a kept-alive
 * connection is not idle yet when the server closes and would hold it open until it times out.
 * Every request here is answered by then, so all connections are closed first.
 */
const stop = async (t: TestServer | undefined) => {
  t?.server.app.server.closeAllConnections()
  await t?.close()
}

/**
 * The older address form, `/api/media/<name>?expires=…&signature=…`, still served for addresses
 * already handed out. The range and MP3 tests below use it (they append `&format=…`); the form the
 * server hands out now is covered under "media addresses".
 */
const queryForm = (signed: string) => {
  const [, signature, expires, name = ''] = /^\/api\/media\/([\w-]+)\/(\d+)\/([^/]+)$/.exec(signed) ?? []
  return apiPath('mediaLegacy', { name }, { expires, signature })
}

describe('parseRange', () => {
  it.each([
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=-500', 100, { start: 0, end: 99 }],
    ['bytes=50-5000', 100, { start: 50, end: 99 }],
    ['bytes = 1 - 2', 100, { start: 1, end: 2 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=100-200', 100, 'unsatisfiable'],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=0-', 0, 'unsatisfiable'],
    ['bytes=-5', 0, 'unsatisfiable'],
    ['bytes=5-2', 100, null],
    ['bytes=0-1,5-6', 100, null],
    ['bytes=-', 100, null],
    ['items=0-1', 100, null],
    ['bytes=a-b', 100, null],
    [undefined, 100, null],
  ] as const)('%s of %i bytes', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected)
  })
})

describe('media served in ranges', () => {
  let t: TestServer
  // A PNG signature, then every byte value: 264 bytes, typed image/png.
  const data = Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
  ])
  let url: string

  beforeAll(async () => {
    t = await startTestServer('sqlite')
    const { name } = await t.server.services.media.save(data)
    url = `${t.url}${queryForm(t.server.services.media.signedUrl(name))}`
  })
  afterAll(() => stop(t))

  const get = (headers: Record<string, string> = {}, address = url) => fetch(address, { headers })
  const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer())

  it('sends the whole file, saying ranges are accepted', async () => {
    const res = await get()
    expect(res.status).toBe(200)
    expect(res.headers.get('accept-ranges')).toBe('bytes')
    expect(res.headers.get('content-length')).toBe(String(data.length))
    expect(res.headers.get('content-range')).toBeNull()
    expect(await bytes(res)).toEqual(data)
  })

  it('answers closed, open-ended and suffix ranges with 206 and the asked bytes', async () => {
    const cases = [
      ['bytes=8-11', 8, 11],
      ['bytes=200-', 200, data.length - 1],
      ['bytes=-16', data.length - 16, data.length - 1],
      ['bytes=0-100000', 0, data.length - 1],
    ] as const
    for (const [range, start, end] of cases) {
      const res = await get({ range })
      expect(res.status, range).toBe(206)
      expect(res.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/${data.length}`)
      expect(res.headers.get('content-length'), range).toBe(String(end - start + 1))
      expect(res.headers.get('accept-ranges'), range).toBe('bytes')
      expect(res.headers.get('content-type'), range).toBe('image/png')
      expect(await bytes(res), range).toEqual(data.subarray(start, end + 1))
    }
  })

  it('answers 416 with the size when the range lies past the end', async () => {
    for (const range of [`bytes=${data.length}-`, 'bytes=1000-2000', 'bytes=-0']) {
      const res = await get({ range })
      expect(res.status, range).toBe(416)
      expect(res.headers.get('content-range'), range).toBe(`bytes */${data.length}`)
      expect(((await res.json()) as { error: string }).error).toBe('ERR_VALIDATION')
    }
  })

  it('sends the whole file for ranges it does not serve in parts', async () => {
    for (const range of ['bytes=0-1,4-5', 'bytes=9-3', 'lines=1-2']) {
      const res = await get({ range })
      expect(res.status, range).toBe(200)
      expect(await bytes(res), range).toEqual(data)
    }
  })

  it('honours If-Range only when it names the current copy', async () => {
    const whole = await get()
    const etag = whole.headers.get('etag')!
    const lastModified = whole.headers.get('last-modified')!
    await whole.arrayBuffer()
    expect((await get({ range: 'bytes=0-3', 'if-range': etag })).status).toBe(206)
    expect((await get({ range: 'bytes=0-3', 'if-range': lastModified })).status).toBe(206)
    const stale = await get({ range: 'bytes=0-3', 'if-range': '"stale"' })
    expect(stale.status).toBe(200)
    expect(await bytes(stale)).toEqual(data)
  })

  it('checks the signature before looking at the range', async () => {
    const forged = url.replace(/signature=[\w-]+/, `signature=${'A'.repeat(43)}`)
    expect((await get({ range: 'bytes=0-3' }, forged)).status).toBe(404)
    expect((await get({ range: 'bytes=99999-' }, forged)).status).toBe(404)
    expect((await get({ range: 'bytes=0-3' }, url.replace(/expires=\d+/, 'expires=1000'))).status).toBe(404)
  })

  it('answers HEAD with the size of the asked part', async () => {
    const res = await fetch(url, { method: 'HEAD', headers: { range: 'bytes=4-7' } })
    expect(res.status).toBe(206)
    expect(res.headers.get('content-length')).toBe('4')
    expect(res.headers.get('content-range')).toBe(`bytes 4-7/${data.length}`)
  })
})

describe('MP3 copies of Ogg/Opus voice notes', () => {
  let t: TestServer
  // 1.5 s of mono Opus at 16 kbps, made with opusenc from a generated tone.
  const ogg = readFileSync(path.join(import.meta.dirname, '../fixtures/voice-note.ogg'))
  const save = async (data: Buffer) => {
    const { name } = await t.server.services.media.save(data)
    return { name, url: `${t.url}${queryForm(t.server.services.media.signedUrl(name))}` }
  }
  const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer())
  const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error

  beforeAll(async () => {
    t = await startTestServer('sqlite')
  })
  afterAll(() => stop(t))

  it('converts once to a 128 kbps MP3 kept beside the original, then serves the kept copy', async () => {
    const { name, url } = await save(ogg)
    expect(name).toMatch(/\.ogg$/)
    const mp3Url = `${url}&format=mp3`
    const [res, same] = await Promise.all([fetch(mp3Url), fetch(mp3Url)])
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('audio/mpeg')
    expect(res.headers.get('accept-ranges')).toBe('bytes')
    const mp3 = await bytes(res)
    expect(await bytes(same)).toEqual(mp3)
    // An MPEG-1 layer III frame header: sync, 128 kbps (index 9), 48 kHz (index 1).
    expect(mp3[0]).toBe(0xff)
    expect(mp3[1]! & 0xfe).toBe(0xfa)
    expect(mp3[2]! >> 4).toBe(9)
    expect((mp3[2]! >> 2) & 3).toBe(1)
    // 1.5 s at 128 kbps is about 24 kB.
    expect(mp3.length).toBeGreaterThan(20_000)
    expect(mp3.length).toBeLessThan(30_000)

    const kept = path.join(t.storage.dataDir, 'media', `${name}.mp3`)
    expect(readFileSync(kept)).toEqual(mp3)
    const marked = Buffer.concat([mp3.subarray(0, 4096), Buffer.from('kept copy')])
    writeFileSync(kept, marked)
    expect(await bytes(await fetch(mp3Url))).toEqual(marked)

    const original = await fetch(url)
    expect(original.headers.get('content-type')).toBe('audio/ogg')
    expect(await bytes(original)).toEqual(ogg)
  })

  it('serves the MP3 copy in ranges too', async () => {
    const { url } = await save(ogg)
    const whole = await bytes(await fetch(`${url}&format=mp3`))
    const res = await fetch(`${url}&format=mp3`, { headers: { range: 'bytes=-100' } })
    expect(res.status).toBe(206)
    expect(res.headers.get('content-type')).toBe('audio/mpeg')
    expect(res.headers.get('content-range')).toBe(`bytes ${whole.length - 100}-${whole.length - 1}/${whole.length}`)
    expect(await bytes(res)).toEqual(whole.subarray(-100))
    const past = await fetch(`${url}&format=mp3`, { headers: { range: `bytes=${whole.length}-` } })
    expect(past.status).toBe(416)
  })

  it('keeps the signature check first and the same signature for both formats', async () => {
    const { name, url } = await save(ogg)
    const forged = url.replace(/signature=[\w-]+/, `signature=${'A'.repeat(43)}`)
    expect((await fetch(`${forged}&format=mp3`)).status).toBe(404)
    expect((await fetch(`${url.replace(/expires=\d+/, 'expires=1000')}&format=mp3`)).status).toBe(404)
    expect((await fetch(`${forged}&format=wav`)).status).toBe(404)
    expect(existsSync(path.join(t.storage.dataDir, 'media', `${name}.mp3`))).toBe(false)
    const unknown = await fetch(`${url}&format=wav`)
    expect(unknown.status).toBe(400)
    expect(await errorOf(unknown)).toBe('ERR_VALIDATION')
  })

  it('refuses files that are not Ogg/Opus sound, and survives ones that do not decode', async () => {
    const png = await save(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'))
    const notSound = await fetch(`${png.url}&format=mp3`)
    expect(notSound.status).toBe(415)
    expect(await errorOf(notSound)).toBe('ERR_MEDIA_CONVERSION')

    for (const broken of [Buffer.concat([Buffer.from('OggS'), Buffer.alloc(300, 7)]), ogg.subarray(0, 120)]) {
      const { name, url } = await save(broken)
      const res = await fetch(`${url}&format=mp3`)
      expect(res.status).toBe(422)
      expect(await errorOf(res)).toBe('ERR_MEDIA_CONVERSION')
      expect(existsSync(path.join(t.storage.dataDir, 'media', `${name}.mp3`))).toBe(false)
    }
    const { url } = await save(ogg)
    expect((await fetch(`${url}&format=mp3`)).headers.get('content-type')).toBe('audio/mpeg')
  })

  it('serves an MP3 as its own copy', async () => {
    const source = await save(ogg)
    const mp3 = await bytes(await fetch(`${source.url}&format=mp3`))
    const { name, url } = await save(mp3)
    expect(name).toMatch(/\.mp3$/)
    const res = await fetch(`${url}&format=mp3`)
    expect(res.headers.get('content-type')).toBe('audio/mpeg')
    expect(await bytes(res)).toEqual(mp3)
  })
})

describe('media addresses', () => {
  let t: TestServer
  const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(32, 7)])
  const pdf = Buffer.from('%PDF-1.4\n%%EOF\n')
  beforeAll(async () => {
    t = await startTestServer('sqlite')
  })
  afterAll(() => stop(t))
  const address = async (data: Buffer) =>
    t.server.services.media.signedUrl((await t.server.services.media.save(data)).name)

  it("end in the file's extension, so a client can tell a picture from a download by the address", async () => {
    const image = await address(png)
    expect(image).toMatch(/^\/api\/media\/[\w-]{43}\/\d+\/[a-f0-9]{32}\.png$/)
    const res = await fetch(`${t.url}${image}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await res.arrayBuffer())).toEqual(png)
    const doc = await address(pdf)
    expect(doc).toMatch(/\.pdf$/)
    expect((await fetch(`${t.url}${doc}`)).headers.get('content-disposition')).toBe('attachment')
  })

  it('keep the signature: a forged signature, a changed expiry or another name is a 404', async () => {
    const image = await address(png)
    const [, signature = '', expires = '', name = ''] = /^\/api\/media\/([\w-]+)\/(\d+)\/([^/]+)$/.exec(image) ?? []
    const other = (await t.server.services.media.save(png)).name
    for (const forged of [
      apiPath('media', { signature: 'A'.repeat(43), expires, name }),
      apiPath('media', { signature, expires: Number(expires) + 1, name }),
      apiPath('media', { signature, expires: 1000, name }),
      apiPath('media', { signature, expires, name: other }),
      apiPath('media', { signature, expires, name: '../../secret.key' }),
      apiPath('media', { signature, expires: 'abc', name }),
    ]) {
      expect((await fetch(`${t.url}${forged}`)).status, forged).toBe(404)
    }
    // The same signature also opens the older query form of the address.
    expect((await fetch(`${t.url}${queryForm(image)}`)).status).toBe(200)
  })

  it('expire: a correctly signed address is refused once its time is past, in either form', async () => {
    const { name } = await t.server.services.media.save(png)
    const lifetime = MEDIA_URL_TTL_SECONDS * 1000
    const fresh = t.server.services.media.signedUrl(name)
    const lastMoment = t.server.services.media.signedUrl(name, Date.now() - lifetime + 60_000)
    const expired = t.server.services.media.signedUrl(name, Date.now() - lifetime - 60_000)
    for (const open of [fresh, lastMoment, queryForm(fresh)]) {
      expect((await fetch(`${t.url}${open}`)).status, open).toBe(200)
    }
    for (const shut of [expired, queryForm(expired)]) {
      expect((await fetch(`${t.url}${shut}`)).status, shut).toBe(404)
    }
  })
})
