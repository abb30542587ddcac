import {
  type GroupAction,
  type GroupActionRequest,
  GroupCreateRequest,
  GroupDescriptionRequest,
  GroupMessageRequest,
  GroupOpenCloseRequest,
  GroupSubjectRequest,
  routes,
  VALIDATION_MESSAGES,
} from '@desk/api-client'
import type { FastifyInstance, FastifyReply, preValidationHookHandler } from 'fastify'
import type { ZodType, z } from 'zod'
import { AppError, parseInput } from '../../http/errors'
import { addRoute } from '../../http/register'
import type { Services } from '../../http/services'
import { ownerOf } from './send-routes'

/** The seed's answer to a group form that matches none of its combinations (seed 001 §5, §8). */
export const GROUP_FORM_EMPTY_MESSAGE = 'Complete los campos correctamente, no se realizó ninguna acción.'

/**
 * Parses a seed group call. A body whose only fault is a missing text (no subject, no description,
 * neither or both messages, a create without title or contact) is the seed's form matching no
 * combination: 400 `ERR_GROUP_FORM_EMPTY` with the seed's sentence, and nothing is done.
 */
const seedGroupInput = <S extends ZodType>(schema: S, body: unknown, texts: readonly string[]): z.output<S> => {
  const parsed = schema.safeParse(body ?? {})
  if (parsed.success) return parsed.data
  const issues = parsed.error.issues
  const onlyEmpty = issues.every(
    (i) => i.message === VALIDATION_MESSAGES.required && texts.includes(String(i.path[0] ?? '')),
  )
  if (!onlyEmpty) return parseInput(schema, body)
  const fields = issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }))
  throw new AppError('ERR_GROUP_FORM_EMPTY', 400, fields, GROUP_FORM_EMPTY_MESSAGE)
}

/**
 * Groups (/ZDGGroups): the seed's six calls (over every group the connection administers; the job
 * answers 202, `/zdgGroupsCreate` the new group) and the directory, named-group actions, preview,
 * create and invite link. Session or API token, as the other outreach calls: agents run the tools.
 */
export const groupRoutes = async (
  app: FastifyInstance,
  { tokenOrSession, outreach }: { tokenOrSession: preValidationHookHandler; outreach: Services['outreach'] },
) => {
  const seed = { validate: [], preValidation: tokenOrSession } as const
  const groups = outreach.groups
  const seedAction = (action: GroupAction, whatsappId: number, text?: string) => ({
    whatsappId,
    action,
    groups: 'administered' as const,
    text,
  })

  addRoute(app, routes.seedGroupSubject, seed, async (request, reply) => {
    const input = seedGroupInput(GroupSubjectRequest, request.body, ['subject'])
    const job = await groups.act(ownerOf(request), seedAction('subject', input.ticketwhatsappId, input.subject))
    return (reply as FastifyReply).status(202).send(job)
  })
  addRoute(app, routes.seedGroupDescription, seed, async (request, reply) => {
    const input = seedGroupInput(GroupDescriptionRequest, request.body, ['description'])
    const job = await groups.act(ownerOf(request), seedAction('description', input.ticketwhatsappId, input.description))
    return (reply as FastifyReply).status(202).send(job)
  })
  addRoute(app, routes.seedGroupMessage, seed, async (request, reply) => {
    const input = seedGroupInput(GroupMessageRequest, request.body, ['newMessageGroup', 'newMessAgeGroupNasa'])
    const action = input.target === 'groups' ? 'post' : 'participants'
    const job = await groups.act(ownerOf(request), seedAction(action, input.ticketwhatsappId, input.message))
    return (reply as FastifyReply).status(202).send(job)
  })
  addRoute(app, routes.seedGroupOpen, seed, async (request, reply) => {
    const input = seedGroupInput(GroupOpenCloseRequest, request.body, [])
    const job = await groups.act(ownerOf(request), seedAction('open', input.ticketwhatsappId))
    return (reply as FastifyReply).status(202).send(job)
  })
  addRoute(app, routes.seedGroupClose, seed, async (request, reply) => {
    const input = seedGroupInput(GroupOpenCloseRequest, request.body, [])
    const job = await groups.act(ownerOf(request), seedAction('close', input.ticketwhatsappId))
    return (reply as FastifyReply).status(202).send(job)
  })
  addRoute(app, routes.seedGroupCreate, seed, async (request) => {
    const input = seedGroupInput(GroupCreateRequest, request.body, ['title', 'contact'])
    return groups.create(input.ticketwhatsappId, input.title, input.contact.replace(/@c\.us$/, ''))
  })

  addRoute(app, routes.groupList, { preValidation: tokenOrSession }, async (request) =>
    groups.directory(request.query.whatsappId),
  )
  const named = (body: z.output<typeof GroupActionRequest>) => ({
    whatsappId: body.whatsappId,
    action: body.action,
    groups: body.groupIds,
    text: body.text,
    window: body.window,
    dailyCap: body.dailyCap,
  })
  addRoute(app, routes.groupAction, { preValidation: tokenOrSession }, async (request, reply) => {
    const job = await groups.act(ownerOf(request), named(request.body))
    return (reply as FastifyReply).status(202).send(job)
  })
  addRoute(app, routes.groupActionPreview, { preValidation: tokenOrSession }, async (request) =>
    groups.preview(named(request.body)),
  )
  addRoute(app, routes.groupCreate, { preValidation: tokenOrSession }, async (request) =>
    groups.create(request.body.whatsappId, request.body.title, request.body.contact.replace(/@c\.us$/, '')),
  )
  addRoute(app, routes.groupInvite, { preValidation: tokenOrSession }, async (request) =>
    groups.invite(request.query.whatsappId, request.params.id),
  )
}
