/**
 * What the widget's end-to-end test plays outside the desk: a partner's web site on another loopback origin
 * (`http://localhost:<port>` while the desk is `http://127.0.0.1:<port>`), and the partner's backend minting
 * tokens (JWT, HS256) with the connection's secret.
 */
import { createHmac } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface PartnerSite {
  origin: string
  close(): Promise<void>
}

/**
 * The page a partner serves: the script tag, or an inline panel, for `connectionId` of the desk at `deskUrl`.
 * `extra` goes before the script tag; `attributes` on it (`data-load="idle"`).
 */
export function partnerPage(deskUrl: string, connectionId: number, extra = '', attributes = ''): string {
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Partner portal</title>
    <style>body { font-family: sans-serif; background: #fff; } h1 { color: #123; }</style>
  </head>
  <body>
    <h1>Partner portal</h1>
    <div id="inline" style="width: 400px; height: 560px"></div>
    <script>window.LimeDeskWidget = window.LimeDeskWidget || { q: [] };
      window.widgetEvents = [];
      ['ready', 'opened', 'closed', 'message:received', 'message:sent', 'unread', 'error'].forEach(function (name) {
        window.LimeDeskWidget.q.push(['on', [name, function (detail) { window.widgetEvents.push({ name: name, detail: detail }) }]]);
      });
    </script>
    ${extra}
    <script src="${deskUrl}/embed.js" data-connection="${connectionId}" ${attributes} async></script>
  </body>
</html>`
}

/** Serves `html()` at every path of a fresh port on `localhost`. */
export async function partnerSite(html: () => string): Promise<PartnerSite> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    res.end(html())
  })
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://localhost:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url')

/** A partner token: HS256 over `claims` with `secret`, as any JWT library makes it. */
export function mintToken(secret: string, claims: Record<string, unknown>): string {
  const head = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))
  const body = base64url(JSON.stringify({ iat: Math.floor(Date.now() / 1000), ...claims }))
  const signature = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url')
  return `${head}.${body}.${signature}`
}

/** `exp` `seconds` from now. */
export const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds
