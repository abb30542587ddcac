import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseRange } from '../src/modules/media/range'
import { startTestServer, type TestServer } from './support/server'

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
    url = `${t.url}${t.server.services.media.signedUrl(name)}`
  })
  afterAll(() => t?.close())

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
