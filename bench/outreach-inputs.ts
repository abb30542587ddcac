/**
 * The outreach inputs' costs: a send recorded in the simulated network's file (committed with
 * fsync before the driver answers), the outbox read back, and a 16 MB file fetched by URL from a
 * local server (checked address, capped stream, type read from its bytes). Targets: ≥ 200 sends/s
 * recorded, a 16 MB fetch well under a second.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { SimulatorOutboxEntry } from '../packages/api-client/src/contract'
import { openSimulatorNetwork } from '../packages/server/src/drivers/simulator-network'
import { fetchOutreachMedia } from '../packages/server/src/modules/outreach-inputs/fetch-media'

const SENDS = 2_000
const FILE_BYTES = 16 * 1024 * 1024 - 1024

const entry = (i: number): SimulatorOutboxEntry => ({
  providerMessageId: `SIMOUT${randomBytes(10).toString('hex')}`,
  messageId: i,
  kind: 'text',
  to: `5511${String(i % 500).padStart(9, '0')}`,
  body: `Bulk message ${i}`,
  mediaType: 'chat',
  fileName: null,
  mimeType: null,
  quotedProviderMessageId: null,
  ack: 1,
  createdAt: new Date().toISOString(),
})

export const outreachInputs = async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-outreach-'))
  try {
    const network = openSimulatorNetwork(path.join(dir, 'simulator'))
    let started = performance.now()
    for (let i = 0; i < SENDS; i++) network.record(1, entry(i))
    const recordMs = performance.now() - started
    started = performance.now()
    const all = network.outbox(1)
    const readMs = performance.now() - started
    network.close()
    console.log(
      `  ${SENDS} sends recorded durably: ${Math.round((SENDS / recordMs) * 1000)}/s (${(recordMs / SENDS).toFixed(2)} ms each; target ≥ 200/s)`,
    )
    console.log(`  outbox of ${all.length} entries read back in ${readMs.toFixed(0)} ms`)

    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
    const body = Buffer.concat([png, Buffer.alloc(FILE_BYTES - png.length, 7)])
    const server = http.createServer((_req, res) => res.writeHead(200, { 'content-length': body.length }).end(body))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    started = performance.now()
    const media = await fetchOutreachMedia(`http://127.0.0.1:${port}/big.png`, {
      maxBytes: 16 * 1024 * 1024,
      allowAddresses: ['127.0.0.1'],
    })
    const fetchMs = performance.now() - started
    server.close()
    console.log(
      `  ${(media.data.length / 1048576).toFixed(1)} MB fetched by URL and typed (${media.mimeType}) in ${fetchMs.toFixed(0)} ms (target < 1000 ms)`,
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
