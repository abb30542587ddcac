import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import type { AuthResponse, ConnectionSession, SimulatorOutboxEntry } from '@desk/api-client'

const usage = `Usage: customer --email <admin e-mail> --password <password> --connection <id> --from <number>
                [--name <customer name>] [--url http://localhost:8080] [--group <group id>]

Plays a customer writing to a simulator connection of a running desk. Pairs the connection
first when it shows a QR code. Every line typed (or piped in) is sent as a message from that
customer (\`/location <link> [description]\` and \`/quit\` are understood); what the desk sends
to the customer is printed as it arrives. Needs an admin account.`

const main = async () => {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://localhost:8080' },
      email: { type: 'string' },
      password: { type: 'string' },
      connection: { type: 'string' },
      from: { type: 'string' },
      name: { type: 'string' },
      group: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help || !values.email || !values.password || !values.connection || !values.from) {
    console.log(usage)
    process.exit(values.help ? 0 : 2)
  }
  const base = `${values.url.replace(/\/$/, '')}/api`
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: values.email, password: values.password }),
  })
  if (!login.ok) throw new Error(`Login failed (${login.status}): ${await login.text()}`)
  const { token } = (await login.json()) as AuthResponse
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}/simulator/${values.connection}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
    const data = (await res.json()) as T & { error?: string; message?: string }
    if (!res.ok) throw new Error(`${data.error ?? res.status}: ${data.message ?? ''}`)
    return data
  }

  const scanned = await call<ConnectionSession>('POST', '/scan').catch(() => undefined)
  if (scanned) console.log(`Paired connection ${values.connection}: ${scanned.status}`)

  const to = values.group ?? values.from.replace(/\D/g, '')
  let seen = (await call<SimulatorOutboxEntry[]>('GET', `/outbox?to=${to}`)).length
  const poll = setInterval(async () => {
    try {
      const outbox = await call<SimulatorOutboxEntry[]>('GET', `/outbox?to=${to}`)
      for (const entry of outbox.slice(seen)) {
        if (entry.kind === 'read') continue
        const label = entry.kind === 'text' ? '' : `[${entry.kind}${entry.fileName ? ` ${entry.fileName}` : ''}] `
        console.log(`\n< desk: ${label}${entry.body}`)
      }
      seen = outbox.length
    } catch (error) {
      console.error(`\n! ${(error as Error).message}`)
    }
  }, 1000)

  const rl = createInterface({ input: process.stdin, output: process.stdout })
  rl.setPrompt('> ')
  rl.prompt()
  try {
    // Lines queue up while one is being sent, so input piped in all at once is sent in full;
    // the loop ends with the input.
    for await (const text of rl) {
      const line = text.trim()
      if (line === '/quit') break
      const location = line.match(/^\/location\s+(\S+)\s*(.*)$/)
      const message = location
        ? { mediaType: 'location', body: `|${location[1]}|${location[2] ?? ''}` }
        : { body: line }
      if (line) {
        await call('POST', '/inbound', {
          from: values.from,
          name: values.name,
          ...(values.group ? { isGroup: true, groupId: values.group } : {}),
          ...message,
        }).catch((error) => console.error(`! ${(error as Error).message}`))
      }
      rl.prompt()
    }
  } finally {
    clearInterval(poll)
    rl.close()
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
