import { readFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'

/** Bytes of real files of each kind, for type detection from content. */
export const samples = {
  png: Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
      '1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082',
    'hex',
  ),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  html: Buffer.from('<!doctype html><html><head><title>x</title></head><body>not an image</body></html>'),
  ogg: readFileSync(path.join(import.meta.dirname, '../fixtures/voice-note.ogg')),
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void

/** A small web server on 127.0.0.1 answering the routes given; `url(p)` is its address for a path. */
export const startFileServer = async (routes: Record<string, Handler>) => {
  const server = http.createServer((req, res) => {
    const handler = routes[(req.url ?? '/').split('?')[0] ?? '/']
    if (handler) handler(req, res)
    else res.writeHead(404).end('not found')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    port,
    url: (p: string) => `http://127.0.0.1:${port}${p}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Answers `body` with the headers given. */
export const serve =
  (body: Buffer, headers: Record<string, string | number> = {}): Handler =>
  (_req, res) =>
    res.writeHead(200, { 'content-length': body.length, ...headers }).end(body)

export const redirectTo =
  (location: string, status = 302): Handler =>
  (_req, res) =>
    res.writeHead(status, { location }).end()
