import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import Fastify from 'fastify'
import twilio from 'twilio'

export interface TwilioCall {
  method: string
  path: string
  /** The form fields sent (`To`, `From`, `Body`, `StatusCallback`, `Twiml` …). */
  form: Record<string, string>
  /** The SID answered (none for refusals and reads). */
  sid?: string
  at: number
}

const sidOf = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`

/**
 * A local stand-in for Twilio's REST API, reached through the helper library's own HTTP client:
 * checks the account's Basic credentials (20003 otherwise), records every message and call, refuses
 * numbers listed in `unverified` as a trial account does (21608), and posts signed status callbacks
 * to the address each send named, as Twilio does.
 */
export const startTwilioFake = async (account: { sid: string; token: string }) => {
  const app = Fastify()
  const calls: TwilioCall[] = []
  const unverified = new Set<string>()
  const callbacks = new Map<string, string>()
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  )
  app.addHook('onRequest', async (request, reply) => {
    const expected = `Basic ${Buffer.from(`${account.sid}:${account.token}`).toString('base64')}`
    if (request.headers.authorization !== expected) {
      calls.push({ method: request.method, path: request.url, form: {}, at: Date.now() })
      return reply.status(401).send({ code: 20003, message: 'Authenticate', status: 401 })
    }
  })
  const record = (method: string, path: string, form: unknown) => {
    const call: TwilioCall = { method, path, form: (form ?? {}) as Record<string, string>, at: Date.now() }
    calls.push(call)
    return call
  }

  app.get('/2010-04-01/Accounts/:sid.json', async (request) => {
    record('GET', request.url, {})
    return { sid: account.sid, friendly_name: 'Desk test account', status: 'active' }
  })
  app.post('/2010-04-01/Accounts/:sid/Messages.json', async (request, reply) => {
    const form = request.body as Record<string, string>
    const call = record('POST', request.url, form)
    if (unverified.has(form.To ?? '')) {
      return reply.status(400).send({
        code: 21608,
        message: `The number ${form.To} is unverified. Trial accounts cannot send messages to unverified numbers.`,
        more_info: 'https://www.twilio.com/docs/errors/21608',
        status: 400,
      })
    }
    const sid = sidOf('SM')
    call.sid = sid
    if (form.StatusCallback) callbacks.set(sid, form.StatusCallback)
    return reply.status(201).send({ sid, status: 'queued', to: form.To, from: form.From ?? null, body: form.Body })
  })
  app.post('/2010-04-01/Accounts/:sid/Calls.json', async (request, reply) => {
    const form = request.body as Record<string, string>
    const call = record('POST', request.url, form)
    const sid = sidOf('CA')
    call.sid = sid
    if (form.StatusCallback) callbacks.set(sid, form.StatusCallback)
    return reply.status(201).send({ sid, status: 'queued', to: form.To, from: form.From })
  })

  /** A customer's MMS file, as Twilio keeps it for the account. */
  const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex')
  app.get('/2010-04-01/Accounts/:sid/Messages/:message/Media/:media', async (request, reply) => {
    record('GET', request.url, {})
    return reply.type('image/png').send(PNG)
  })

  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo

  /** Posts form fields to `url` signed with the account's token (or with the signature given, or none). */
  const post = async (url: string, fields: Record<string, string>, signature: string | null | 'good' = 'good') => {
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' }
    if (signature === 'good')
      headers['x-twilio-signature'] = twilio.getExpectedTwilioSignature(account.token, url, fields)
    else if (signature) headers['x-twilio-signature'] = signature
    const res = await fetch(url, { method: 'POST', headers, body: new URLSearchParams(fields).toString() })
    return { status: res.status, text: await res.text() }
  }

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    unverified,
    messages: () => calls.filter((c) => c.path.endsWith('/Messages.json')),
    voiceCalls: () => calls.filter((c) => c.path.endsWith('/Calls.json')),
    post,
    /** Twilio's status callback for a message or call, to the address its send named. */
    async report(sid: string, fields: Record<string, string>, signature: string | null | 'good' = 'good') {
      const url = callbacks.get(sid)
      if (!url) throw new Error(`no status callback was named for ${sid}`)
      const key = sid.startsWith('CA') ? 'CallSid' : 'MessageSid'
      return post(url, { AccountSid: account.sid, [key]: sid, ...fields }, signature)
    },
    async close() {
      await app.close()
    },
  }
}
