import { type EndpointName, type ErrorResponse, pathOf, type RouteName, routes } from '@desk/api-client'
import { expect } from 'vitest'

/**
 * Scenarios written once and run against two targets: the msw handlers the stories use, and the
 * real server. Every call goes through the route table (method, path, the answer parsed with the
 * route's `response`), every step states the status and error code it expects, and each call is
 * written to a transcript so the two runs can also be compared line by line.
 */

export type Role = 'admin' | 'agent'

export interface Account {
  email: string
  password: string
}

export interface Target {
  name: string
  /** Where `/api` lives (`http://desk.test/api` for the mocks). */
  baseUrl: string
  accounts: Record<Role, Account>
}

export interface Answer {
  status: number
  body: unknown
  /** The error code of a failed call. */
  error?: string
  /** The paths of the fields a 400 names, sorted. */
  fields?: string[]
}

interface CallOptions {
  params?: Record<string, string | number>
  query?: Record<string, string | number | boolean>
  body?: unknown
  /** A bearer token of one's own (`null`: none). */
  token?: string | null
}

export class ScenarioApi {
  readonly transcript: string[] = []
  private readonly tokens = new Map<Role, string>()
  /** Adds to names and numbers so a second run on the same data stays apart. */
  readonly tag: string

  constructor(
    readonly target: Target,
    tag = 'a',
  ) {
    this.tag = tag
  }

  /** One call of the table's route `name`; a 2xx JSON answer is parsed with the route's response schema. */
  async call(name: RouteName, options: CallOptions = {}): Promise<Answer> {
    const route = routes[name]
    const path = (pathOf as (n: EndpointName, p?: object) => string)(name, options.params)
    const query = options.query
      ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)]))}`
      : ''
    const headers: Record<string, string> = {}
    if (options.token) headers.authorization = `Bearer ${options.token}`
    if (options.body !== undefined) headers['content-type'] = 'application/json'
    const res = await fetch(`${this.target.baseUrl}${path}${query}`, {
      method: route.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    })
    const text = await res.text()
    const json: unknown = text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text
    const answer: Answer = { status: res.status, body: json }
    if (res.status >= 400) {
      const error = json as ErrorResponse
      answer.error = error.error
      if (res.status === 400 && error.fields) answer.fields = error.fields.map((f) => f.path).sort()
    } else if ('response' in route && route.response) {
      const parsed = route.response.safeParse(json)
      if (!parsed.success) {
        throw new Error(`${this.target.name}: ${name} answered outside its contract: ${parsed.error.message}`)
      }
      answer.body = parsed.data
    } else if ('answers' in route && route.answers === 'no-content') {
      expect(text, `${this.target.name}: ${name} answers 204 without a body`).toBe('')
    }
    this.transcript.push([name, answer.status, answer.error ?? '', (answer.fields ?? []).join(',')].join(' ').trimEnd())
    return answer
  }

  /** A call as a signed-in role. */
  as(role: Role) {
    return (name: RouteName, options: Omit<CallOptions, 'token'> = {}) =>
      this.call(name, { ...options, token: this.tokens.get(role) })
  }

  async signIn(role: Role) {
    const answer = await this.call('login', { body: this.target.accounts[role] })
    expectOk(answer)
    this.tokens.set(role, (answer.body as { token: string }).token)
  }
}

export const expectOk = (answer: Answer, status = 200) =>
  expect({ status: answer.status, error: answer.error }).toEqual({ status, error: undefined })

export const expectError = (answer: Answer, status: number, error: string, fields?: string[]) => {
  expect({ status: answer.status, error: answer.error }).toEqual({ status, error })
  if (fields) expect(answer.fields).toEqual(expect.arrayContaining(fields))
}

const idOf = (answer: Answer) => (answer.body as { id: number }).id

/** Signing in: bad credentials, bad input, no token, a token that is not one. */
export const signInScenario = async (api: ScenarioApi) => {
  expectError(
    await api.call('login', { body: { email: 'nobody@desk.test', password: 'wrong-pass' } }),
    401,
    'ERR_INVALID_CREDENTIALS',
  )
  expectError(await api.call('login', { body: { email: 'not-an-email' } }), 400, 'ERR_VALIDATION', ['password'])
  expectError(await api.call('queueList'), 401, 'ERR_SESSION_EXPIRED')
  expectError(await api.call('queueList', { token: 'not-a-token' }), 403, 'ERR_SESSION_EXPIRED')
  await api.signIn('admin')
  await api.signIn('agent')
}

export const queueScenario = async (api: ScenarioApi) => {
  const admin = api.as('admin')
  const agent = api.as('agent')
  expectOk(await agent('queueList'))
  expectError(
    await agent('queueCreate', { body: { name: `Agents ${api.tag}`, color: '#123456' } }),
    403,
    'ERR_NO_PERMISSION',
  )
  expectError(await admin('queueCreate', { body: { name: '', color: 'green' } }), 400, 'ERR_VALIDATION', [
    'color',
    'name',
  ])
  const color = api.tag === 'a' ? '#3a5f0b' : '#3a5f0c'
  const created = await admin('queueCreate', { body: { name: `Scenario ${api.tag}`, color } })
  expectOk(created)
  const id = idOf(created)
  expectError(
    await admin('queueCreate', { body: { name: `Other ${api.tag}`, color } }),
    400,
    'ERR_QUEUE_COLOR_ALREADY_EXISTS',
    ['color'],
  )
  expectOk(await agent('queueGet', { params: { id } }))
  expectError(await agent('queueUpdate', { params: { id }, body: { name: 'Mine' } }), 403, 'ERR_NO_PERMISSION')
  expectError(await admin('queueUpdate', { params: { id: 'abc' }, body: { name: 'X' } }), 400, 'ERR_VALIDATION', ['id'])
  const updated = await admin('queueUpdate', { params: { id }, body: { greetingMessage: 'Hello' } })
  expectOk(updated)
  expect(updated.body).toMatchObject({ greetingMessage: 'Hello' })
  expectOk(await admin('queueDelete', { params: { id } }), 204)
  expectError(await admin('queueGet', { params: { id } }), 404, 'ERR_NOT_FOUND')
  expectError(await admin('queueDelete', { params: { id } }), 404, 'ERR_NOT_FOUND')
}

export const quickAnswerScenario = async (api: ScenarioApi) => {
  const agent = api.as('agent')
  expectOk(await agent('quickAnswerList', { query: { searchParam: '', pageNumber: 1 } }))
  expectError(await agent('quickAnswerCreate', { body: { shortcut: '', message: '' } }), 400, 'ERR_VALIDATION', [
    'message',
  ])
  const shortcut = `scenario-${api.tag}`
  const created = await agent('quickAnswerCreate', { body: { shortcut, message: 'Hello {{name}}' } })
  expectOk(created)
  const id = idOf(created)
  expectError(
    await agent('quickAnswerCreate', { body: { shortcut, message: 'Again and again' } }),
    400,
    'ERR_VALIDATION',
    ['shortcut'],
  )
  expectOk(await agent('quickAnswerUpdate', { params: { id }, body: { message: 'Hi {{name}}' } }))
  expectOk(await agent('quickAnswerGet', { params: { id } }))
  expectOk(await agent('quickAnswerDelete', { params: { id } }), 204)
  expectError(await agent('quickAnswerGet', { params: { id } }), 404, 'ERR_NOT_FOUND')
}

const numberFor = (api: ScenarioApi, n: number) => `55119${api.tag === 'a' ? 7 : 8}00000${n}0`

export const contactScenario = async (api: ScenarioApi) => {
  const admin = api.as('admin')
  const agent = api.as('agent')
  expectOk(await agent('contactList', { query: { searchParam: '', pageNumber: 1 } }))
  expectError(await agent('contactCreate', { body: { name: '', number: '' } }), 400, 'ERR_VALIDATION', ['name'])
  const number = numberFor(api, 1)
  const created = await agent('contactCreate', { body: { name: `Scenario ${api.tag}`, number } })
  expectOk(created)
  const id = idOf(created)
  expectError(await agent('contactCreate', { body: { name: 'Twin', number } }), 400, 'ERR_DUPLICATED_CONTACT', [
    'number',
  ])
  const updated = await agent('contactUpdate', { params: { id }, body: { name: `Renamed ${api.tag}` } })
  expectOk(updated)
  expect(updated.body).toMatchObject({ name: `Renamed ${api.tag}` })
  expectError(await agent('contactDelete', { params: { id } }), 403, 'ERR_NO_PERMISSION')
  expectOk(await admin('contactDelete', { params: { id } }), 204)
  expectError(await agent('contactGet', { params: { id } }), 404, 'ERR_NO_CONTACT_FOUND')
}

export const userScenario = async (api: ScenarioApi) => {
  const admin = api.as('admin')
  const agent = api.as('agent')
  expectOk(await agent('userList', { query: { searchParam: '', pageNumber: 1 } }))
  const email = `scenario-${api.tag}@desk.test`
  const input = { name: 'Scenario User', email, password: 'a-long-password', profile: 'user' }
  expectError(await agent('userCreate', { body: input }), 403, 'ERR_NO_PERMISSION')
  expectError(await admin('userCreate', { body: { ...input, email: 'nope' } }), 400, 'ERR_VALIDATION', ['email'])
  const created = await admin('userCreate', { body: input })
  expectOk(created)
  const id = idOf(created)
  expectError(await admin('userCreate', { body: input }), 400, 'ERR_DUPLICATED_EMAIL', ['email'])
  expectError(await agent('userUpdate', { params: { id }, body: { name: 'Not mine' } }), 403, 'ERR_NO_PERMISSION')
  expectOk(await admin('userUpdate', { params: { id }, body: { name: 'Renamed User' } }))
  expectError(await agent('userDelete', { params: { id } }), 403, 'ERR_NO_PERMISSION')
  expectOk(await admin('userDelete', { params: { id } }), 204)
  expectError(await admin('userGet', { params: { id } }), 404, 'ERR_NO_USER_FOUND')
}

export const ticketScenario = async (api: ScenarioApi) => {
  const admin = api.as('admin')
  const agent = api.as('agent')
  const connection = await admin('connectionCreate', { body: { name: `Line ${api.tag}`, driver: 'simulator' } })
  expectOk(connection)
  const contact = await agent('contactCreate', { body: { name: `Customer ${api.tag}`, number: numberFor(api, 2) } })
  expectOk(contact)
  const contactId = idOf(contact)
  expectOk(await agent('ticketList', { query: { status: 'open', pageNumber: 1 } }))
  expectError(await agent('ticketCreate', { body: { contactId: 'x', status: 'open' } }), 400, 'ERR_VALIDATION', [
    'contactId',
  ])
  const created = await agent('ticketCreate', { body: { contactId, status: 'open' } })
  expectOk(created)
  const id = idOf(created)
  expectError(await agent('ticketCreate', { body: { contactId, status: 'open' } }), 400, 'ERR_OTHER_OPEN_TICKET')
  const resolved = await agent('ticketUpdate', { params: { id }, body: { status: 'closed' } })
  expectOk(resolved)
  expect(resolved.body).toMatchObject({ status: 'closed' })
  expectError(await agent('ticketDelete', { params: { id } }), 403, 'ERR_NO_PERMISSION')
  expectOk(await admin('ticketDelete', { params: { id } }), 204)
  expectError(await admin('ticketGet', { params: { id } }), 404, 'ERR_NO_TICKET_FOUND')
  expectError(await admin('ticketUpdate', { params: { id }, body: { status: 'open' } }), 404, 'ERR_NO_TICKET_FOUND')
}

export const scenarios = {
  'signs in, and refuses bad credentials, bad input and missing or false tokens': signInScenario,
  'queues: list, create, update, delete, with the admin-only and colour rules': queueScenario,
  'quick answers: list, create, update, delete, with the taken shortcut': quickAnswerScenario,
  'contacts: list, create, update, delete, with the taken number and the admin-only delete': contactScenario,
  'users: list, create, update, delete, with the taken e-mail and the admin-only writes': userScenario,
  'tickets: create, a second live one refused, resolve, delete': ticketScenario,
}
