import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isForbiddenAddress } from '../../src/modules/outreach-inputs/address-guard'
import {
  checkOutreachUrl,
  type FetchMediaOptions,
  fetchOutreachMedia,
} from '../../src/modules/outreach-inputs/fetch-media'
import { redirectTo, samples, serve, startFileServer } from '../support/outreach'
import { startTestServer, type TestServer } from '../support/server'

/** The code a refused fetch answers with (undefined when it went through). */
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { code?: string; status?: number; fields?: Array<{ path: string }> }) => {
      expect(error.status).toBe(400)
      expect(error.fields?.[0]?.path).toBe('url')
      return error.code
    },
  )

const publicOnly: FetchMediaOptions = { maxBytes: 1024 * 1024 }

describe('which addresses count as private', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fd00::1',
    'fc00::abcd',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '::7f00:1',
    '64:ff9b::a00:1',
    '2002:7f00:1::',
  ])('%s is refused', (address) => {
    expect(isForbiddenAddress(address)).toBe(true)
  })

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2002:808:808::'])(
    '%s is public',
    (address) => {
      expect(isForbiddenAddress(address)).toBe(false)
    },
  )
})

describe('media by URL', () => {
  let files: Awaited<ReturnType<typeof startFileServer>>
  const big = Buffer.alloc(64 * 1024, 1)
  beforeAll(async () => {
    files = await startFileServer({
      '/logo.png': serve(samples.png, { 'content-type': 'image/png' }),
      '/doc': serve(samples.pdf, { 'content-type': 'application/octet-stream' }),
      '/fake.png': serve(samples.html, { 'content-type': 'image/png' }),
      '/page': serve(samples.html, { 'content-type': 'text/html' }),
      '/big.png': serve(Buffer.concat([samples.png, big]), { 'content-type': 'image/png' }),
      '/big-chunked': (_req, res) => {
        // No Content-Length: the cap must stop the download itself.
        res.writeHead(200, { 'content-type': 'image/png' })
        res.write(samples.png)
        for (let i = 0; i < 8; i++) res.write(big)
        res.end()
      },
      '/to-logo': redirectTo('/logo.png'),
      '/to-private': redirectTo('http://10.0.0.1/secret.png'),
      '/to-metadata': redirectTo('http://169.254.169.254/latest/meta-data/'),
      '/to-ipv6-loopback': redirectTo('http://[::1]/x.png', 307),
      '/to-file': redirectTo('file:///etc/passwd'),
      '/loop': redirectTo('/loop'),
      '/missing': (_req, res) => res.writeHead(404).end(),
      '/stall': () => {},
    })
  })
  afterAll(() => files.close())

  /** The file server itself is on 127.0.0.1: allowed by address, the way a self-hosted desk allows its own file server. */
  const viaFileServer = (extra: Partial<FetchMediaOptions> = {}): FetchMediaOptions => ({
    maxBytes: 32 * 1024,
    allowAddresses: ['127.0.0.1'],
    ...extra,
  })

  it.each([
    ['http://127.0.0.1/x.png'],
    ['http://10.0.0.1/x.png'],
    ['http://[::1]/x.png'],
    ['http://169.254.169.254/latest/meta-data/'],
    ['http://[::ffff:127.0.0.1]/x.png'],
    ['http://2130706433/x.png'],
    ['http://0x7f000001/x.png'],
    ['http://0177.0.0.1/x.png'],
    ['http://0.0.0.0/x.png'],
    ['file:///etc/passwd'],
    ['ftp://example.com/x.png'],
    ['gopher://example.com/'],
    ['http://user:pass@example.com/x.png'],
    ['not a url'],
  ])('refuses %s without connecting', async (url) => {
    expect(await codeOf(fetchOutreachMedia(url, publicOnly))).toBe('ERR_OUTREACH_URL_FORBIDDEN')
  })

  it('checks an address before any download: its form and where its host points', async () => {
    expect(await codeOf(checkOutreachUrl('ftp://example.com/x.png'))).toBe('ERR_OUTREACH_URL_FORBIDDEN')
    expect(await codeOf(checkOutreachUrl('http://[::1]/x.png'))).toBe('ERR_OUTREACH_URL_FORBIDDEN')
    expect(await codeOf(checkOutreachUrl(`http://localhost:${files.port}/logo.png`))).toBe('ERR_OUTREACH_URL_FORBIDDEN')
    expect(await codeOf(checkOutreachUrl('http://nothing-here.invalid/x.png'))).toBe('ERR_OUTREACH_URL_UNREACHABLE')
    await expect(checkOutreachUrl(`http://localhost:${files.port}/logo.png`, { allowPrivateUrls: true })).resolves.toBe(
      undefined,
    )
  })

  it('refuses a host name that resolves to a private address', async () => {
    expect(await codeOf(fetchOutreachMedia(`http://localhost:${files.port}/logo.png`, publicOnly))).toBe(
      'ERR_OUTREACH_URL_FORBIDDEN',
    )
  })

  it('checks every redirect again: to a private address, to metadata, to IPv6 loopback, to file:', async () => {
    for (const path of ['/to-private', '/to-metadata', '/to-ipv6-loopback', '/to-file']) {
      expect(await codeOf(fetchOutreachMedia(files.url(path), viaFileServer()))).toBe('ERR_OUTREACH_URL_FORBIDDEN')
    }
  })

  it('follows at most five redirects', async () => {
    expect(await codeOf(fetchOutreachMedia(files.url('/loop'), viaFileServer()))).toBe('ERR_OUTREACH_URL_UNREACHABLE')
  })

  it('refuses a body past the cap, by its Content-Length and while streaming', async () => {
    expect(await codeOf(fetchOutreachMedia(files.url('/big.png'), viaFileServer()))).toBe('ERR_OUTREACH_URL_TOO_LARGE')
    expect(await codeOf(fetchOutreachMedia(files.url('/big-chunked'), viaFileServer()))).toBe(
      'ERR_OUTREACH_URL_TOO_LARGE',
    )
  })

  it('reads the type from the bytes: HTML labelled image/png is refused, a PDF labelled octet-stream is taken', async () => {
    expect(await codeOf(fetchOutreachMedia(files.url('/fake.png'), viaFileServer()))).toBe('ERR_OUTREACH_MEDIA_TYPE')
    expect(await codeOf(fetchOutreachMedia(files.url('/page'), viaFileServer()))).toBe('ERR_OUTREACH_MEDIA_TYPE')
    const pdf = await fetchOutreachMedia(files.url('/doc'), viaFileServer({ caption: 'Price list' }))
    expect(pdf).toMatchObject({
      mimeType: 'application/pdf',
      mediaType: 'other',
      fileName: 'doc.pdf',
      caption: 'Price list',
    })
  })

  it('answers an unreachable address, an error status and a server that never answers as unreachable', async () => {
    expect(await codeOf(fetchOutreachMedia(files.url('/missing'), viaFileServer()))).toBe(
      'ERR_OUTREACH_URL_UNREACHABLE',
    )
    expect(await codeOf(fetchOutreachMedia(files.url('/stall'), viaFileServer({ timeoutMs: 300 })))).toBe(
      'ERR_OUTREACH_URL_UNREACHABLE',
    )
    expect(await codeOf(fetchOutreachMedia('http://nothing-here.invalid/x.png', publicOnly))).toBe(
      'ERR_OUTREACH_URL_UNREACHABLE',
    )
  })

  it('takes an image through a redirect, with the type from its bytes and the original bytes', async () => {
    const media = await fetchOutreachMedia(files.url('/to-logo'), viaFileServer())
    expect(media.mimeType).toBe('image/png')
    expect(media.mediaType).toBe('image')
    expect(media.fileName).toBe('logo.png')
    expect(media.data.equals(samples.png)).toBe(true)
  })

  describe('through the server configuration', () => {
    let open: TestServer
    let closed: TestServer
    beforeAll(async () => {
      open = await startTestServer('sqlite', { outreach: { allowPrivateUrls: true, maxBytes: 1024 } })
      closed = await startTestServer('sqlite')
    })
    afterAll(async () => {
      await open.close()
      await closed.close()
    })

    it('allowPrivateUrls lets a local server through, and the configured cap applies', async () => {
      const media = await open.server.services.outreachInputs.fetchMedia(files.url('/logo.png'), { caption: 'Hi' })
      expect(media).toMatchObject({ mimeType: 'image/png', caption: 'Hi' })
      expect(await codeOf(open.server.services.outreachInputs.fetchMedia(files.url('/big.png')))).toBe(
        'ERR_OUTREACH_URL_TOO_LARGE',
      )
    })

    it('by default a local server is refused', async () => {
      expect(await codeOf(closed.server.services.outreachInputs.fetchMedia(files.url('/logo.png')))).toBe(
        'ERR_OUTREACH_URL_FORBIDDEN',
      )
    })
  })
})
