/**
 * Groups (/ZDGGroups). Method and path of each route, free of zod: the schemas are in `../outreach/groups.ts`.
 */
import { get, post } from './verbs'

export const groupsPaths = {
  // The seed's six calls act on every group the connection administers and answer the job (202),
  // `/zdgGroupsCreate` the new group; the directory and the calls below name their groups.
  seedGroupSubject: post('/zdgGroups'),
  seedGroupDescription: post('/zdgGroupsDescription'),
  seedGroupCreate: post('/zdgGroupsCreate'),
  seedGroupMessage: post('/zdgGroupsMessage'),
  seedGroupOpen: post('/zdgOpenGroup'),
  seedGroupClose: post('/zdgCloseGroup'),
  /** The groups of a connection (`?whatsappId=`), read from its network. */
  groupList: get('/groups'),
  /** An action over the groups named (202, the job), and what it would do without doing it. */
  groupAction: post('/groups/actions'),
  groupActionPreview: post('/groups/actions/preview'),
  groupCreate: post('/groups/create'),
  groupInvite: get('/groups/:id/invite'),
} as const
