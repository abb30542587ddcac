import { HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient, createMemoryStorage } from '../src/client'
import type { Queue } from '../src/contract'
import { answerOf, mockRoute } from '../src/mocks'
import { fail, noContent } from '../src/mocks/support'
import { API } from './support/mockServer'

const queue: Queue = { id: 7, name: 'Support', color: '#00ff00', greetingMessage: null }
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const client = () => createApiClient({ baseUrl: API, storage: createMemoryStorage() })

describe('mockRoute', () => {
  it("answers on the route's method and path, with its placeholders by name", async () => {
    const seen: string[] = []
    server.use(
      mockRoute(
        'queueUpdate',
        async ({ params, body }) => {
          const { data, response } = await body()
          if (response) return response
          seen.push(params.id)
          return HttpResponse.json({ ...queue, id: Number(params.id), name: data.name ?? queue.name })
        },
        `${API}`,
      ),
    )
    await expect(client().queues.update(7, { name: 'Sales' })).resolves.toMatchObject({ id: 7, name: 'Sales' })
    expect(seen).toEqual(['7'])
  })

  it("reads the body with the route's schema: its output, or the 400 the server would answer", async () => {
    const bodies: unknown[] = []
    server.use(
      mockRoute(
        'queueCreate',
        async ({ body }) => {
          const { data, response } = await body()
          if (response) return response
          bodies.push(data)
          return answerOf('queueCreate', { ...queue, ...data, greetingMessage: data.greetingMessage ?? null })
        },
        API,
      ),
    )
    await expect(client().queues.create({ name: '  Sales  ', color: '#112233' })).resolves.toMatchObject({
      name: 'Sales',
    })
    expect(bodies).toEqual([{ name: 'Sales', color: '#112233' }])
    await expect(client().queues.create({ name: 'S', color: 'red' })).rejects.toMatchObject({
      status: 400,
      code: 'ERR_VALIDATION',
    })
    expect(bodies).toHaveLength(1)
  })

  it('lets a resolver answer an error, or pass to the next handler', async () => {
    server.use(
      mockRoute('queueGet', () => undefined, API),
      mockRoute('queueGet', () => fail(404, 'ERR_NOT_FOUND'), API),
    )
    await expect(client().queues.get(1)).rejects.toMatchObject({ status: 404, code: 'ERR_NOT_FOUND' })
  })
})

/**
 * What the types refuse: typecheck fails on a line below that stops being an error. None of these
 * handlers is registered.
 */
export const refused = [
  // @ts-expect-error an answer that is not the route's (`Queue[]` for `queueList`)
  mockRoute('queueList', () => HttpResponse.json({ queues: [] })),
  // @ts-expect-error a field of the wrong type
  mockRoute('queueGet', () => HttpResponse.json({ ...queue, greetingMessage: 3 })),
  // @ts-expect-error a bare Response on a route that answers JSON
  mockRoute('queueGet', () => new Response('{}')),
  // @ts-expect-error a placeholder the path does not have
  mockRoute('queueGet', ({ params }) => HttpResponse.json({ ...queue, id: Number(params.queueId) })),
  // @ts-expect-error a field the body schema does not have
  mockRoute('queueCreate', async ({ body }) => HttpResponse.json({ ...queue, name: (await body()).data?.title })),
  // A route that answers no JSON may send any response (204 here).
  mockRoute('queueDelete', () => noContent()),
]
