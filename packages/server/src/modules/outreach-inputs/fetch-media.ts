import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import { isIP } from 'node:net'
import type { OutboundMedia } from '../../drivers/types'
import { type AddressPolicy, ForbiddenAddressError, guardedLookup, refused } from './address-guard'
import { outreachError } from './errors'
import { safeFileName, sendableType, toOutboundMedia } from './media-type'

/** How the server fetches outreach media by URL. */
export interface FetchMediaOptions {
  /** Largest body taken, in bytes (Content-Length and the bytes read both count). */
  maxBytes: number
  /** Lets loopback and private addresses through (tests, a desk that fetches from its own network). */
  allowPrivateUrls?: boolean
  /** Private addresses allowed one by one (a file server on the local network). */
  allowAddresses?: readonly string[]
  /** The whole fetch, redirects included, must end within this (default 30 s). */
  timeoutMs?: number
  /** Text sent with the file (the bulk form's title). */
  caption?: string
  /** The form field the URL came from, named in errors (default `url`). */
  field?: string
}

export const MAX_REDIRECTS = 5
export const DEFAULT_FETCH_TIMEOUT_MS = 30_000
const REDIRECTS = new Set([301, 302, 303, 307, 308])

const forbidden = (message: string, field: string) => outreachError('ERR_OUTREACH_URL_FORBIDDEN', message, field)
const unreachable = (message: string, field: string) => outreachError('ERR_OUTREACH_URL_UNREACHABLE', message, field)
const tooLarge = (maxBytes: number, field: string) =>
  outreachError('ERR_OUTREACH_URL_TOO_LARGE', `The file is larger than ${maxBytes} bytes`, field)

/** Only http(s) to a host given by name or by an allowed address literal. */
const checkTarget = (url: URL, policy: AddressPolicy, field: string) => {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw forbidden(`Only http and https addresses are fetched, not ${url.protocol}`, field)
  }
  if (url.username || url.password) throw forbidden('Addresses with credentials are not fetched', field)
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (!host) throw forbidden('The address has no host', field)
  // A literal address connects without a lookup: it is checked here. Names are checked at lookup.
  if (isIP(host) && refused(policy, host)) {
    throw forbidden(`${host} is a loopback, private or reserved address`, field)
  }
}

/** One GET; resolves with the response once its headers arrived. */
const get = (url: URL, policy: AddressPolicy, signal: AbortSignal) =>
  new Promise<IncomingMessage>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http
    const request = client.get(url, {
      agent: false,
      lookup: guardedLookup(policy),
      signal,
      headers: { 'user-agent': 'LimeDesk-outreach/1', accept: '*/*', 'accept-encoding': 'identity' },
    })
    request.once('response', resolve)
    request.once('error', reject)
  })

/** Reads the body up to `maxBytes`, stopping the download as soon as it goes past. */
const readCapped = (response: IncomingMessage, maxBytes: number, field: string) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    response.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) {
        response.destroy()
        reject(tooLarge(maxBytes, field))
        return
      }
      chunks.push(chunk)
    })
    response.once('end', () => resolve(Buffer.concat(chunks, size)))
    response.once('error', reject)
    response.once('close', () => {
      if (!response.complete && size <= maxBytes) reject(new Error('The connection closed before the whole file came'))
    })
  })

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error))

const parseUrl = (rawUrl: string, field: string) => {
  try {
    return new URL(rawUrl)
  } catch {
    throw forbidden('This is not an address', field)
  }
}

/**
 * A quick check for when a bulk send is created, without downloading: the address's form and
 * where its host points now. The download checks everything again (a host may point elsewhere by
 * then). Throws the same `OutreachInputError`s as `fetchOutreachMedia`.
 */
export const checkOutreachUrl = async (
  rawUrl: string,
  options: Pick<FetchMediaOptions, 'allowPrivateUrls' | 'allowAddresses' | 'field'> = {},
): Promise<void> => {
  const field = options.field ?? 'url'
  const policy: AddressPolicy = {
    allowPrivate: options.allowPrivateUrls ?? false,
    allowAddresses: options.allowAddresses,
  }
  const url = parseUrl(rawUrl, field)
  checkTarget(url, policy, field)
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (isIP(host)) return
  await new Promise<void>((resolve, reject) => {
    guardedLookup(policy)(host, { all: true }, (error) => {
      if (!error) return resolve()
      if (error instanceof ForbiddenAddressError) reject(forbidden(error.message, field))
      else reject(unreachable(`${host} could not be resolved: ${error.message}`, field))
    })
  })
}

/**
 * Downloads an outreach file by URL, as a bulk media send takes it. http(s) only; the host is
 * resolved here and the connection goes to the address that was checked (never loopback, private,
 * link-local, unique-local, multicast or unspecified unless `allowPrivateUrls`); redirects are
 * followed by hand, at most five, each checked the same way; the body stops at `maxBytes`; the
 * type comes from the bytes. Refusals are `OutreachInputError`s (400 with a code on `field`).
 */
export const fetchOutreachMedia = async (rawUrl: string, options: FetchMediaOptions): Promise<OutboundMedia> => {
  const field = options.field ?? 'url'
  const policy: AddressPolicy = {
    allowPrivate: options.allowPrivateUrls ?? false,
    allowAddresses: options.allowAddresses,
  }
  let url = parseUrl(rawUrl, field)
  const signal = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS)
  for (let hop = 0; ; hop++) {
    checkTarget(url, policy, field)
    let response: IncomingMessage
    try {
      response = await get(url, policy, signal)
    } catch (error) {
      if (error instanceof ForbiddenAddressError) throw forbidden(error.message, field)
      throw unreachable(`${url.host} could not be reached: ${describe(error)}`, field)
    }
    const status = response.statusCode ?? 0
    if (REDIRECTS.has(status)) {
      response.resume()
      const location = response.headers.location
      if (!location) throw unreachable(`${url.host} answered ${status} without a location`, field)
      if (hop >= MAX_REDIRECTS) throw unreachable(`More than ${MAX_REDIRECTS} redirects`, field)
      try {
        url = new URL(location, url)
      } catch {
        throw unreachable(`${url.host} redirected to an invalid address`, field)
      }
      continue
    }
    if (status < 200 || status >= 300) {
      response.resume()
      throw unreachable(`${url.host} answered ${status}`, field)
    }
    const declared = Number(response.headers['content-length'])
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      response.destroy()
      throw tooLarge(options.maxBytes, field)
    }
    let data: Buffer
    try {
      data = await readCapped(response, options.maxBytes, field)
    } catch (error) {
      if (error instanceof Error && error.name === 'OutreachInputError') throw error
      throw unreachable(`The download from ${url.host} failed: ${describe(error)}`, field)
    }
    if (data.length === 0) throw outreachError('ERR_OUTREACH_MEDIA_TYPE', 'The address answered no content', field)
    const type = await sendableType(data, field)
    const name = safeFileName(decodeName(url.pathname), 'media')
    return toOutboundMedia(data, type, name, options.caption)
  }
}

/** The last segment of the path, decoded when it is valid percent-encoding. */
const decodeName = (pathname: string) => {
  const last = pathname.split('/').pop() ?? ''
  try {
    return decodeURIComponent(last)
  } catch {
    return last
  }
}
