import { HttpResponse } from 'msw'
import type { Tag } from '../../contract'
import { callerOf, type DeskHandlerContext, fail, isAdmin, noContent } from '../support'

/** The catalogue the mocks start with. */
export const tagFixtures: Tag[] = [
  { id: 901, tag: 'Late payer', color: '#d32f2f' },
  { id: 902, tag: 'New', color: '#2e7d32' },
  { id: 903, tag: 'VIP', color: '#ffaa00' },
]

const byName = (a: Tag, b: Tag) => a.tag.toLowerCase().localeCompare(b.tag.toLowerCase())

/** `/tags` and `/contacts/:id/tags`, with the server's rules on names. */
export function tagHandlers({ db, route, wait }: DeskHandlerContext) {
  const guard = async (request: Request, adminOnly: boolean) => {
    await wait()
    const me = callerOf(db, request)
    if (me.response) return me.response
    return adminOnly && !isAdmin(me.user) ? fail(403, 'ERR_NO_PERMISSION') : undefined
  }
  const taken = (name: string | undefined, exceptId?: number) =>
    !!name && db.tags.some((t) => t.tag.toLowerCase() === name.toLowerCase() && t.id !== exceptId)
  const nameTaken = () =>
    fail(400, 'ERR_TAG_ALREADY_EXISTS', { fields: [{ path: 'tag', message: 'validation.taken' }] })
  const tagsOf = (contactId: number) =>
    (db.contactTags[contactId] ?? []).map((id) => db.tags.find((t) => t.id === id)).filter((t): t is Tag => !!t)

  return [
    route(
      'tagList',
      async ({ request }) => (await guard(request, false)) ?? HttpResponse.json([...db.tags].sort(byName)),
    ),
    route('tagCreate', async ({ request, body }) => {
      const denied = await guard(request, true)
      if (denied) return denied
      const { data, response } = await body()
      if (response) return response
      if (taken(data.tag)) return nameTaken()
      const tag: Tag = { id: db.nextId++, tag: data.tag, color: data.color.toLowerCase() }
      db.tags.push(tag)
      return HttpResponse.json(tag)
    }),
    route('tagUpdate', async ({ request, params, body }) => {
      const denied = await guard(request, true)
      if (denied) return denied
      const index = db.tags.findIndex((t) => t.id === Number(params.id))
      if (index < 0) return fail(404, 'ERR_TAG_NOT_FOUND')
      const { data, response } = await body()
      if (response) return response
      if (taken(data.tag, db.tags[index]!.id)) return nameTaken()
      db.tags[index] = {
        ...db.tags[index]!,
        ...(data.tag ? { tag: data.tag } : {}),
        ...(data.color ? { color: data.color } : {}),
      }
      return HttpResponse.json(db.tags[index])
    }),
    route('tagDelete', async ({ request, params }) => {
      const denied = await guard(request, true)
      if (denied) return denied
      if (!db.tags.some((t) => t.id === Number(params.id))) return fail(404, 'ERR_TAG_NOT_FOUND')
      db.tags = db.tags.filter((t) => t.id !== Number(params.id))
      return noContent()
    }),
    route(
      'contactTags',
      async ({ request, params }) => (await guard(request, false)) ?? HttpResponse.json(tagsOf(Number(params.id))),
    ),
    route('contactTagsSet', async ({ request, params, body }) => {
      const denied = await guard(request, false)
      if (denied) return denied
      const { data, response } = await body()
      if (response) return response
      const found = data.tags.map((name) => db.tags.find((t) => t.tag.toLowerCase() === name.toLowerCase()))
      if (found.some((t) => !t))
        return fail(400, 'ERR_TAG_NOT_FOUND', { fields: [{ path: 'tags', message: 'validation.invalid' }] })
      db.contactTags[Number(params.id)] = [...new Set(found.map((t) => t!.id!))]
      return HttpResponse.json(tagsOf(Number(params.id)))
    }),
  ]
}
