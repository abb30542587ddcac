import { describe, expect, it } from 'vitest'
import { createApiClient, createMemoryStorage, TOKEN_KEY } from '../src/client'

/** Records what the typed calls send, answering with `body`. */
function recording(body: unknown = {}) {
  const calls: { url: string; init: RequestInit }[] = []
  const fetch = async (url: string | URL | Request, init: RequestInit = {}) => {
    calls.push({ url: String(url), init })
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })
  }
  const storage = createMemoryStorage({ [TOKEN_KEY]: JSON.stringify('t') })
  const client = createApiClient({ baseUrl: 'http://desk.test/api', storage, fetch, validate: false })
  return { client, calls }
}

describe('desk calls', () => {
  it('send the ticket filters the server expects: queueIds as a JSON array, flags as strings', async () => {
    const { client, calls } = recording({ tickets: [], hasMore: false, count: 0 })
    await client.tickets.list({ status: 'open', queueIds: [2, 1], showAll: true, searchParam: 'ana' })
    const url = new URL(calls[0].url)
    expect(url.pathname).toBe('/api/tickets')
    expect(url.searchParams.get('queueIds')).toBe('[2,1]')
    expect(url.searchParams.get('showAll')).toBe('true')
    expect(url.searchParams.get('status')).toBe('open')
    expect(url.searchParams.get('pageNumber')).toBe('1')
    await client.tickets.list({ queueIds: [] })
    expect(new URL(calls[1].url).searchParams.has('queueIds')).toBe(false)
  })

  it('upload files as multipart under `medias`, leaving the content type to the browser', async () => {
    const { client, calls } = recording({ messages: [] })
    const file = new File(['x'], 'a.txt', { type: 'text/plain' })
    await client.messages.sendMedia(7, {
      files: [file, { blob: new Blob(['y']), fileName: 'audio.mp3' }],
      quotedMsgId: 3,
    })
    const { init } = calls[0]
    const form = init.body as FormData
    expect(form).toBeInstanceOf(FormData)
    expect((form.getAll('medias') as File[]).map((f) => f.name)).toEqual(['a.txt', 'audio.mp3'])
    expect(form.get('quotedMsgId')).toBe('3')
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined()
  })

  it('reach the session routes with the right verbs', async () => {
    const { client, calls } = recording({})
    await client.sessions.start(4)
    await client.sessions.newQr(4)
    await client.sessions.disconnect(4)
    expect(calls.map((c) => `${c.init.method} ${new URL(c.url).pathname}`)).toEqual([
      'POST /api/whatsappsession/4',
      'PUT /api/whatsappsession/4',
      'DELETE /api/whatsappsession/4',
    ])
  })
})
