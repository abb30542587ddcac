import { DEFAULT_INSTAGRAM_API_BASE_URL } from '../../config'
import {
  InstagramError,
  type InstagramImage,
  type InstagramProfile,
  type InstagramProvider,
  type InstagramSendOptions,
} from './provider'

export interface InstagramGraphSettings {
  /** The professional account's id: messages go out from `/{accountId}/messages`. */
  accountId: string
  accessToken: string
}

export interface InstagramGraphOptions {
  /** The API's root, version included (`INSTAGRAM_API_BASE_URL`; a local fake in tests). */
  baseUrl?: string
  fetch?: typeof fetch
}

/** Inbound attachments larger than this are not downloaded. */
const MEDIA_MAX_BYTES = 25 * 1024 * 1024

/**
 * Meta's Instagram API with Instagram Login, through plain `fetch`: `POST /{account}/messages` with a bearer
 * token (`recipient.id` the customer's Instagram-scoped id), `GET /{igsid}?fields=…` for a customer's profile.
 */
export const createGraphProvider = (
  settings: InstagramGraphSettings,
  options: InstagramGraphOptions = {},
): InstagramProvider => {
  const baseUrl = (options.baseUrl ?? DEFAULT_INSTAGRAM_API_BASE_URL).replace(/\/+$/, '')
  const doFetch = options.fetch ?? globalThis.fetch

  const graph = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<Record<string, unknown>> => {
    const headers: Record<string, string> = { authorization: `Bearer ${settings.accessToken}` }
    if (body !== undefined) headers['content-type'] = 'application/json'
    const res = await doFetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    let parsed: Record<string, unknown> = {}
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {}
    } catch {
      parsed = {}
    }
    if (!res.ok) {
      const error = parsed.error as { code?: number; message?: string } | undefined
      throw new InstagramError(
        error?.message ?? `Instagram API answered ${res.status}`,
        error?.code ?? null,
        res.status,
      )
    }
    return parsed
  }

  const send = async (igsid: string, message: unknown, options?: InstagramSendOptions) => {
    const body: Record<string, unknown> = { recipient: { id: igsid }, message }
    if (options?.humanAgent) {
      body.messaging_type = 'MESSAGE_TAG'
      body.tag = 'HUMAN_AGENT'
    }
    const answer = await graph('POST', `/${encodeURIComponent(settings.accountId)}/messages`, body)
    const id = answer.message_id
    if (typeof id !== 'string' || !id) throw new InstagramError('Instagram answered without a message id', null, 502)
    return id
  }

  return {
    name: 'graph',
    sendText: (igsid, text, options) => send(igsid, { text }, options),
    async sendImage(igsid: string, image: InstagramImage, options?: InstagramSendOptions) {
      if (!image.url) throw new InstagramError('An image needs a public address Meta can fetch it from', null, 400)
      return send(igsid, { attachment: { type: 'image', payload: { url: image.url } } }, options)
    },
    async profile(igsid: string): Promise<InstagramProfile | null> {
      try {
        const answer = await graph('GET', `/${encodeURIComponent(igsid)}?fields=name,username,profile_pic`)
        const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null)
        return { username: text(answer.username), name: text(answer.name), pictureUrl: text(answer.profile_pic) }
      } catch {
        return null
      }
    },
    async fetchMedia(url: string) {
      try {
        const res = await doFetch(url, { redirect: 'follow' })
        if (!res.ok) return null
        const data = Buffer.from(await res.arrayBuffer())
        if (data.length > MEDIA_MAX_BYTES) return null
        return { data, mimeType: res.headers.get('content-type')?.split(';')[0]?.trim() || 'application/octet-stream' }
      } catch {
        return null
      }
    },
  }
}
