import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, type DeskServer, type ServerConfig } from '@desk/server'

/** Calls the API with a JSON body and answers the parsed JSON; anything but 2xx throws. */
export type BenchCall = <T>(method: string, path: string, body?: unknown, token?: string) => Promise<T>

export interface BenchDesk {
  server: DeskServer
  url: string
  call: BenchCall
  /** Stops the server and removes its data folder. */
  close(): Promise<void>
}

/**
 * A real server for a benchmark, on a temporary SQLite data folder (`desk-bench-<name>-…`): no
 * auto-close, simulator QR codes at once.
 */
export async function startBenchDesk(name: string, config: Partial<ServerConfig> = {}): Promise<BenchDesk> {
  const dataDir = mkdtempSync(join(tmpdir(), `desk-bench-${name}-`))
  const server = createServer({
    dataDir,
    port: 0,
    host: '127.0.0.1',
    autoCloseHours: 0,
    simulator: { qrRefreshMs: 0 },
    ...config,
  })
  const close = async () => {
    await server.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
  let url: string
  try {
    ;({ url } = await server.listen())
  } catch (error) {
    await close()
    throw error
  }
  const call: BenchCall = async <T>(method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    })
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
    return (await res.json()) as T
  }
  return { server, url, call, close }
}
