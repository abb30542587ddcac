import { type Requester, type RouteBody, routeCaller } from './types'

/** The groups of a connection (/ZDGGroups): the directory, actions on named groups, a new group, an invite link. */
export const groupsApi = (request: Requester) => {
  const call = routeCaller(request)
  return {
    /** `GET /groups?whatsappId=`: the groups the connection's number is in, read from its network. */
    list: (whatsappId: number) => call('groupList', { query: { whatsappId } }),
    /** `POST /groups/actions`: the action over the named groups, as a job (202). */
    action: (body: RouteBody<'groupAction'>) => call('groupAction', { body }),
    /** `POST /groups/actions/preview`: what the action would do (the confirmation's figures); nothing is sent. */
    preview: (body: RouteBody<'groupActionPreview'>) => call('groupActionPreview', { body }),
    /** `POST /groups/create`: a new group with one contact, and its invite link. */
    create: (body: RouteBody<'groupCreate'>) => call('groupCreate', { body }),
    /** `GET /groups/:id/invite?whatsappId=`: a group's invite link (its admins only). */
    invite: (id: string, whatsappId: number) => call('groupInvite', { params: { id }, query: { whatsappId } }),
  }
}
export type GroupsApi = ReturnType<typeof groupsApi>
