import { HttpResponse } from 'msw'
import {
  GROUP_ACTION_KINDS,
  GROUP_ADMIN_ACTIONS,
  type Group,
  type GroupActionPreview,
  GroupActionRequest,
  GroupCreateBody,
  type GroupCreateResponse,
  GroupInviteQuery,
  GroupListQuery,
  type Job,
  type JobRecipient,
} from '../../contract'
import type { MockDb } from '../db'
import { callerOf, type DeskHandlerContext, fail, parseBody, parseData, stamp } from '../support'
import { queryOf } from './outreach'

/** A group of the simulated network: the directory's row, its connection and who is in it. */
export interface MockGroup extends Group {
  connectionId: number
  /** The participants' numbers (digits), the connection's own among them. */
  members: string[]
}

/** The connection's own number in the mock network. */
export const MOCK_OWN_NUMBER = '5511900000001'

const invite = (code: string) => `https://chat.whatsapp.com/${code}`
const people = (...last: number[]) => [MOCK_OWN_NUMBER, ...last.map((n) => `55119876500${String(n).padStart(2, '0')}`)]

const group = (id: string, name: string, members: string[], isAdmin: boolean, announce: boolean, code?: string) => ({
  id,
  name,
  description: null,
  participants: members.length,
  isAdmin,
  announce,
  inviteLink: isAdmin && code ? invite(code) : null,
  connectionId: 1,
  members,
})

/** The groups of connection 1 ("Main line"): three it administers, two it is only a member of; people overlap. */
export const groupFixtures: MockGroup[] = [
  // One of its people is on the opt-out list.
  group(
    '120363041000000001',
    'Clientes São Paulo',
    [...people(1, 2, 3, 4, 5), '5511999990000'],
    true,
    false,
    'AbCdEf123',
  ),
  group('120363041000000002', 'Atacado – pedidos', people(4, 5, 6), true, true, 'GhIjKl456'),
  group('120363041000000003', 'Fornecedores', people(7, 8), false, false),
  group('120363041000000004', 'Avisos da loja', people(1, 9, 10, 11), false, true),
  group('120363041000000005', 'Equipe de vendas', people(2, 12), true, false, 'MnOpQr789'),
]

const row = ({ connectionId: _c, members: _m, ...g }: MockGroup): Group => g

/** What an action would do to the named groups, as the server counts it. */
export function previewOf(db: MockDb, connectionId: number, body: { action: string; groupIds: string[] }) {
  const action = body.action as GroupActionPreview['action']
  const skipped = { notAdmin: 0, notFound: 0, duplicate: 0, ownNumber: 0, optedOut: 0 }
  const reached: MockGroup[] = []
  for (const id of body.groupIds) {
    const found = db.groups.find((g) => g.connectionId === connectionId && g.id === id.replace(/@g\.us$/i, ''))
    if (!found) skipped.notFound++
    else if ((GROUP_ADMIN_ACTIONS.includes(action) || (action === 'post' && found.announce)) && !found.isAdmin)
      skipped.notAdmin++
    else reached.push(found)
  }
  const seen = new Set<string>()
  if (action === 'participants')
    for (const g of reached)
      for (const number of g.members) {
        if (number === MOCK_OWN_NUMBER) skipped.ownNumber++
        else if (seen.has(number)) skipped.duplicate++
        else if (db.optOuts.some((o) => o.number === number)) skipped.optedOut++
        else seen.add(number)
      }
  return { reached, people: [...seen], preview: { action, groups: reached.length, people: seen.size, skipped } }
}

/** The groups routes: the directory, an action's preview and job, a new group, an invite link. */
export function groupHandlers({ db, route, wait }: DeskHandlerContext) {
  /** The caller and the connected connection `whatsappId` names, or the answer to send. */
  const connectionOf = (request: Request, whatsappId: number) => {
    const me = callerOf(db, request)
    if (me.response) return { response: me.response }
    const connection = db.connections.find((c) => c.id === whatsappId)
    if (!connection) return { response: fail(404, 'ERR_NO_WAPP_FOUND') }
    if (connection.status !== 'CONNECTED') return { response: fail(400, 'ERR_WAPP_NOT_INITIALIZED') }
    return { me: me.user, connectionId: connection.id }
  }
  const actionOf = async (request: Request) => {
    await wait()
    const { data, response } = await parseBody(request, GroupActionRequest)
    if (response) return { response }
    const found = connectionOf(request, data.whatsappId)
    if (found.response) return { response: found.response }
    return { ...found, data, ...previewOf(db, found.connectionId, data) }
  }

  return [
    route('groupList', async ({ request }) => {
      await wait()
      const { data, response } = parseData(queryOf(request), GroupListQuery)
      if (response) return response
      const found = connectionOf(request, data.whatsappId)
      if (found.response) return found.response
      return HttpResponse.json({ groups: db.groups.filter((g) => g.connectionId === found.connectionId).map(row) })
    }),
    route('groupActionPreview', async ({ request }) => {
      const found = await actionOf(request)
      return found.response ?? HttpResponse.json(found.preview)
    }),
    route('groupAction', async ({ request }) => {
      const found = await actionOf(request)
      if (found.response) return found.response
      const { data, me, connectionId, reached, preview } = found
      const now = stamp(db)
      const entries = data.action === 'participants' ? found.people : reached.map((g) => g.id)
      const skippedCount = Object.values(preview.skipped).reduce((a, b) => a + b, 0)
      const job: Job = {
        id: db.nextId++,
        kind: GROUP_ACTION_KINDS[data.action],
        status: 'running',
        total: entries.length + skippedCount,
        sent: 0,
        failed: 0,
        skipped: skippedCount,
        uncertain: 0,
        connectionId,
        userId: me.id,
        minInterval: 5,
        maxInterval: 15,
        pauseReason: null,
        waitingReason: null,
        nextRunAt: now,
        startAt: null,
        estimatedEndAt: null,
        window: null,
        dailyCap: null,
        error: null,
        createdAt: now,
        finishedAt: null,
      }
      db.jobs.unshift(job)
      entries.forEach((entry, index) => {
        const recipient: JobRecipient & { jobId: number } = {
          jobId: job.id,
          id: db.nextId++,
          position: index + 1,
          entry,
          address: data.action === 'participants' ? `${entry}@c.us` : `${entry}@g.us`,
          state: 'queued',
          reason: null,
          providerMessageId: null,
          updatedAt: now,
        }
        db.jobRecipients.push(recipient)
      })
      return HttpResponse.json(job, { status: 202 })
    }),
    route('groupCreate', async ({ request }) => {
      await wait()
      const { data, response } = await parseBody(request, GroupCreateBody)
      if (response) return response
      const found = connectionOf(request, data.whatsappId)
      if (found.response) return found.response
      const id = `1203630420${String(db.nextId++).padStart(8, '0')}`
      const contact = data.contact.replace(/@c\.us$/, '')
      const created = group(id, data.title, [MOCK_OWN_NUMBER, contact], true, false, `New${id.slice(-4)}`)
      db.groups.push({ ...created, connectionId: found.connectionId })
      const answer: GroupCreateResponse = { id, inviteLink: created.inviteLink, invited: false }
      return HttpResponse.json(answer)
    }),
    route('groupInvite', async ({ request, params }) => {
      await wait()
      const { data, response } = parseData(queryOf(request), GroupInviteQuery)
      if (response) return response
      const found = connectionOf(request, data.whatsappId)
      if (found.response) return found.response
      const g = db.groups.find((x) => x.connectionId === found.connectionId && x.id === String(params.id))
      if (!g) return fail(404, 'ERR_NO_GROUP_FOUND')
      if (!g.isAdmin || !g.inviteLink) return fail(403, 'ERR_GROUP_NOT_ADMIN')
      return HttpResponse.json({ inviteLink: g.inviteLink })
    }),
  ]
}
