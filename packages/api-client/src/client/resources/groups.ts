import type {
  GroupActionPreview,
  GroupActionRequest,
  GroupCreateBody,
  GroupCreateResponse,
  GroupInviteResponse,
  GroupListResponse,
  Job,
} from '../../contract'
import { type Requester, routeCaller } from './types'

/** The groups of a connection (/ZDGGroups): the directory, actions on named groups, a new group, an invite link. */
export interface GroupsApi {
  /** `GET /groups?whatsappId=`: the groups the connection's number is in, read from its network. */
  list(whatsappId: number): Promise<GroupListResponse>
  /** `POST /groups/actions`: the action over the named groups, as a job (202). */
  action(body: GroupActionRequest): Promise<Job>
  /** `POST /groups/actions/preview`: what the action would do (the confirmation's figures); nothing is sent. */
  preview(body: GroupActionRequest): Promise<GroupActionPreview>
  /** `POST /groups/create`: a new group with one contact, and its invite link. */
  create(body: GroupCreateBody): Promise<GroupCreateResponse>
  /** `GET /groups/:id/invite?whatsappId=`: a group's invite link (its admins only). */
  invite(id: string, whatsappId: number): Promise<GroupInviteResponse>
}

export const groupsApi = (request: Requester): GroupsApi => {
  const call = routeCaller(request)
  return {
    list: (whatsappId) => call('groupList', { query: { whatsappId } }),
    action: (body) => call('groupAction', { body }),
    preview: (body) => call('groupActionPreview', { body }),
    create: (body) => call('groupCreate', { body }),
    invite: (id, whatsappId) => call('groupInvite', { params: { id }, query: { whatsappId } }),
  }
}
