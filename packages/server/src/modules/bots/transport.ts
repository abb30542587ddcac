import { createHmac, timingSafeEqual } from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import { BotAnswer, type BotReply } from '@desk/api-client'
import { type AddressPolicy, ForbiddenAddressError, guardedLookup } from '../outreach-inputs/address-guard'
import { checkOutreachUrl } from '../outreach-inputs/fetch-media'

/** `sha256=<hex>` of HMAC-SHA256(secret, body): the `X-Signature-256` header both ways. */
export const signBody = (secret: string, body: string | Buffer) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`

/** True when `header` is the signature of `body` with `secret` (compared in constant time). */
export const verifyBody = (secret: string, body: Buffer, header: string | undefined) => {
  if (!secret || !header) return false
  const expected = Buffer.from(signBody(secret, body))
  const given = Buffer.from(header.trim().toLowerCase())
  return expected.length === given.length && timingSafeEqual(expected, given)
}

export interface BotCallResult {
  ok: boolean
  status: number | null
  latencyMs: number
  replies: BotReply[]
  error: string | null
  /** The address guard refused the URL: trying again would not help. */
  refused?: boolean
}

const MAX_ANSWER_BYTES = 256 * 1024

/**
 * Posts a signed JSON body to a bot. The address passes the outreach URL guard (never loopback or
 * private networks unless allowed; the connection goes to the address that was checked), no
 * redirects are followed, and the whole call ends within `timeoutMs`. Never throws: a refusal,
 * a timeout, a non-2xx answer or an answer that is not `{replies}` is `ok: false` with the reason.
 */
export const postToBot = async (
  url: string,
  secret: string,
  body: string,
  policy: AddressPolicy,
  timeoutMs: number,
): Promise<BotCallResult> => {
  const started = performance.now()
  const done = (result: Omit<BotCallResult, 'latencyMs'>): BotCallResult => ({
    ...result,
    latencyMs: Math.round(performance.now() - started),
  })
  try {
    await checkOutreachUrl(url, {
      allowPrivateUrls: policy.allowPrivate,
      allowAddresses: policy.allowAddresses,
      field: 'url',
    })
  } catch (error) {
    return done({ ok: false, status: null, replies: [], error: (error as Error).message, refused: true })
  }
  const target = new URL(url)
  const client = target.protocol === 'https:' ? https : http
  return new Promise<BotCallResult>((resolve) => {
    const request = client.request(target, {
      method: 'POST',
      agent: false,
      lookup: guardedLookup(policy),
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'LimeDesk-bots/1',
        'x-signature-256': signBody(secret, body),
      },
    })
    request.once('error', (error) => {
      const reason =
        error instanceof ForbiddenAddressError
          ? error.message
          : error.name === 'AbortError' || error.name === 'TimeoutError'
            ? `No answer within ${timeoutMs} ms`
            : error.message
      resolve(
        done({ ok: false, status: null, replies: [], error: reason, refused: error instanceof ForbiddenAddressError }),
      )
    })
    request.once('response', (response) => {
      const status = response.statusCode ?? 0
      const chunks: Buffer[] = []
      let size = 0
      response.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size > MAX_ANSWER_BYTES) response.destroy(new Error('The answer is too large'))
        else chunks.push(chunk)
      })
      response.once('error', (error) => resolve(done({ ok: false, status, replies: [], error: error.message })))
      response.once('end', () => {
        if (status < 200 || status >= 300) {
          return resolve(done({ ok: false, status, replies: [], error: `The bot answered ${status}` }))
        }
        const text = Buffer.concat(chunks).toString('utf8').trim()
        if (!text) return resolve(done({ ok: true, status, replies: [], error: null }))
        let parsed: unknown
        try {
          parsed = JSON.parse(text)
        } catch {
          return resolve(done({ ok: false, status, replies: [], error: 'The answer is not JSON' }))
        }
        const answer = BotAnswer.safeParse(parsed)
        if (!answer.success) {
          return resolve(done({ ok: false, status, replies: [], error: 'The answer is not {replies: [...]}' }))
        }
        resolve(done({ ok: true, status, replies: answer.data.replies, error: null }))
      })
    })
    request.end(body)
  })
}
