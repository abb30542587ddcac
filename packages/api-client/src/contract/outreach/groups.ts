import { z } from 'zod'
import { digitsOnly } from '../common'
import { safeText } from '../text'
import { Id, requiredString, VALIDATION_MESSAGES } from '../validation'
import { dispatch } from './internal'
import { OUTREACH_TEXT_MAX, toRecipientAddress } from './numbers'

/** Groups (/ZDGGroups); each call runs over the groups the connection administers. */

const m = VALIDATION_MESSAGES

/** `POST /zdgGroups`: new subject. */
export const GroupSubjectRequest = z.object({ ...dispatch, subject: requiredString(100) })
export type GroupSubjectRequest = z.input<typeof GroupSubjectRequest>
/** `POST /zdgGroupsDescription`. */
export const GroupDescriptionRequest = z.object({ ...dispatch, description: requiredString(2048) })
export type GroupDescriptionRequest = z.input<typeof GroupDescriptionRequest>
/** `POST /zdgGroupsCreate`: a new group with one participant; `contact` becomes `{digits}@c.us`. */
export const GroupCreateRequest = z.object({
  ...dispatch,
  title: requiredString(100),
  contact: requiredString(100)
    .refine((v) => digitsOnly(v.replace(/@c\.us$/i, '')).length >= 8, { error: m.invalid })
    .transform((v) => toRecipientAddress(v)),
})
export type GroupCreateRequest = z.input<typeof GroupCreateRequest>
/**
 * `POST /zdgGroupsMessage`: `newMessageGroup` posts in every group; the seed's
 * `newMessAgeGroupNasa` (spelling kept) messages every participant privately.
 * Exactly one of the two.
 */
export const GroupMessageRequest = z
  .object({
    ...dispatch,
    newMessageGroup: requiredString(OUTREACH_TEXT_MAX).optional(),
    newMessAgeGroupNasa: requiredString(OUTREACH_TEXT_MAX).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.newMessageGroup === !v.newMessAgeGroupNasa) {
      ctx.addIssue({ code: 'custom', path: ['newMessageGroup'], message: m.required })
    }
  })
  .transform(({ newMessageGroup, newMessAgeGroupNasa, ...rest }) => ({
    ...rest,
    target: newMessageGroup ? ('groups' as const) : ('participants' as const),
    message: (newMessageGroup ?? newMessAgeGroupNasa) as string,
  }))
export type GroupMessageRequest = z.input<typeof GroupMessageRequest>
export type GroupMessageData = z.output<typeof GroupMessageRequest>
/** `POST /zdgOpenGroup` and `POST /zdgCloseGroup`: everyone may write / only admins may write. */
export const GroupOpenCloseRequest = z.object(dispatch)
export type GroupOpenCloseRequest = z.input<typeof GroupOpenCloseRequest>

/** The fields of the six group tabs, as the page holds them. */
export type GroupsForm = {
  titulo?: string
  descricao?: string
  tituloNovo?: string
  contatoGrupo?: string
  mensagemGrupo?: string
  mensagemGrupoNASA?: string
  abrirGrupo?: boolean
  fecharGrupo?: boolean
}

export type GroupCall =
  | { path: '/zdgGroups'; body: { subject: string } }
  | { path: '/zdgGroupsDescription'; body: { description: string } }
  | { path: '/zdgGroupsCreate'; body: { title: string; contact: string } }
  | { path: '/zdgGroupsMessage'; body: { newMessageGroup: string } | { newMessAgeGroupNasa: string } }
  | { path: '/zdgOpenGroup' | '/zdgCloseGroup'; body: Record<string, never> }

/**
 * Chooses the group action from which fields are filled (seed 001 §5): only titulo;
 * only descricao; both (two calls); tituloNovo with contatoGrupo; only mensagemGrupo;
 * only abrirGrupo; only fecharGrupo; only mensagemGrupoNASA. Anything else → `[]`,
 * and the page shows "Complete los campos correctamente, no se realizó ninguna acción."
 * The dispatch id and token are added by the caller.
 */
export const resolveGroupCalls = (form: GroupsForm): GroupCall[] => {
  const text = (v?: string) => v?.trim() ?? ''
  const filled = Object.entries({
    titulo: text(form.titulo),
    descricao: text(form.descricao),
    tituloNovo: text(form.tituloNovo),
    contatoGrupo: text(form.contatoGrupo),
    mensagemGrupo: text(form.mensagemGrupo),
    mensagemGrupoNASA: text(form.mensagemGrupoNASA),
    abrirGrupo: form.abrirGrupo ? 'on' : '',
    fecharGrupo: form.fecharGrupo ? 'on' : '',
  })
    .filter(([, v]) => v !== '')
    .map(([k]) => k)
    .sort()
    .join(',')
  const f = (v?: string) => text(v)
  switch (filled) {
    case 'titulo':
      return [{ path: '/zdgGroups', body: { subject: f(form.titulo) } }]
    case 'descricao':
      return [{ path: '/zdgGroupsDescription', body: { description: f(form.descricao) } }]
    case 'descricao,titulo':
      return [
        { path: '/zdgGroups', body: { subject: f(form.titulo) } },
        { path: '/zdgGroupsDescription', body: { description: f(form.descricao) } },
      ]
    case 'contatoGrupo,tituloNovo':
      return [{ path: '/zdgGroupsCreate', body: { title: f(form.tituloNovo), contact: f(form.contatoGrupo) } }]
    case 'mensagemGrupo':
      return [{ path: '/zdgGroupsMessage', body: { newMessageGroup: f(form.mensagemGrupo) } }]
    case 'mensagemGrupoNASA':
      return [{ path: '/zdgGroupsMessage', body: { newMessAgeGroupNasa: f(form.mensagemGrupoNASA) } }]
    case 'abrirGrupo':
      return [{ path: '/zdgOpenGroup', body: {} }]
    case 'fecharGrupo':
      return [{ path: '/zdgCloseGroup', body: {} }]
    default:
      return []
  }
}

/*
 * Beyond the seed's calls: the groups directory of a connection and actions that name their groups.
 * A group id is the network's (`120363…`, `5511…-1596…`, or the Cloud API's opaque id), written bare
 * or with `@g.us`; it is answered bare.
 */

/** A group id as the network gives it: letters, digits, `-` and `_`, optionally followed by `@g.us`. */
export const GroupId = safeText({ error: m.required })
  .trim()
  .transform((v) => v.replace(/@g\.us$/i, ''))
  .pipe(
    safeText()
      .min(1, { error: m.required })
      .max(200, { error: m.tooLong })
      .regex(/^[A-Za-z0-9_-]+$/, { error: m.invalid }),
  )

/** One group of the connection's directory. */
export const Group = z.object({
  /** The network's id, bare (no `@g.us`). */
  id: safeText(),
  name: safeText(),
  description: safeText().nullable(),
  /** How many people are in it (the connection's own number included). */
  participants: z.number().int().nonnegative(),
  /** The connection administers it: subject, description, open/close and the invite link are its to change. */
  isAdmin: z.boolean(),
  /** Announcement mode: only admins may write (a "closed" group). */
  announce: z.boolean(),
  /** The invite link, when the connection may see it (admins) and the network has one. */
  inviteLink: safeText().nullable(),
})
export type Group = z.infer<typeof Group>

/** `GET /groups?whatsappId=N`: the groups the connection's number is in, read from the network. */
export const GroupListQuery = z.object({ whatsappId: Id })
export type GroupListQuery = z.input<typeof GroupListQuery>
export const GroupListResponse = z.object({ groups: z.array(Group) })
export type GroupListResponse = z.infer<typeof GroupListResponse>

/**
 * What a group action does to each chosen group: `subject` renames it, `description` sets its
 * description, `open` lets everyone write, `close` lets only admins write, `post` posts `text` in
 * it, `participants` sends `text` privately to each of its people (once per person across the
 * chosen groups; never the connection's own number or an opted-out number).
 */
export const GROUP_ACTIONS = ['subject', 'description', 'open', 'close', 'post', 'participants'] as const
export type GroupAction = (typeof GROUP_ACTIONS)[number]
/** The actions only a group's admins may take: other groups are skipped (`notAdmin`). `post` too in a closed group. */
export const GROUP_ADMIN_ACTIONS: readonly GroupAction[] = ['subject', 'description', 'open', 'close']
/** How long each action's text may be (the network's limits). */
export const GROUP_TEXT_MAX: Record<GroupAction, number> = {
  subject: 100,
  description: 2048,
  open: 0,
  close: 0,
  post: OUTREACH_TEXT_MAX,
  participants: OUTREACH_TEXT_MAX,
}
/** The job kind each action runs as. */
export const GROUP_ACTION_KINDS = {
  subject: 'groupSubject',
  description: 'groupDescription',
  open: 'groupOpen',
  close: 'groupClose',
  post: 'groupMessage',
  participants: 'groupParticipantsMessage',
} as const satisfies Record<GroupAction, string>

/**
 * `POST /groups/actions` (202, the job) and `POST /groups/actions/preview` (what it would do, nothing
 * sent). `text` is required by subject, description, post and participants, and refused by open and
 * close. Seconds between actions: 5 plus a random 0–10 (seed 001 §9), as the seed's calls.
 */
export const GroupActionRequest = z
  .object({
    whatsappId: Id,
    action: z.enum(GROUP_ACTIONS, { error: m.invalid }),
    groupIds: z.array(GroupId, { error: m.required }).min(1, { error: m.required }).max(1000, { error: m.tooLong }),
    text: safeText().trim().optional(),
  })
  .superRefine((v, ctx) => {
    const max = GROUP_TEXT_MAX[v.action]
    const text = v.text ?? ''
    if (max === 0 && text !== '') ctx.addIssue({ code: 'custom', path: ['text'], message: m.invalid })
    if (max > 0 && text === '') ctx.addIssue({ code: 'custom', path: ['text'], message: m.required })
    if (max > 0 && text.length > max) ctx.addIssue({ code: 'custom', path: ['text'], message: m.tooLong })
  })
export type GroupActionRequest = z.input<typeof GroupActionRequest>

/** Why a group or a person is left out of an action (see also `SKIP_REASONS` of a job's recipients). */
export const GROUP_SKIP_REASONS = ['notAdmin', 'notFound', 'duplicate', 'ownNumber', 'optedOut'] as const
export type GroupSkipReason = (typeof GROUP_SKIP_REASONS)[number]

/**
 * `POST /groups/actions/preview`: the confirmation's figures ("Rename 14 groups to …", "Message 312
 * people privately"). `groups`: the chosen groups the action will change or post in; `people`: for
 * `participants`, the people who will get the message (0 otherwise); `skipped`: how many groups
 * (`notAdmin`, `notFound`) or people (`duplicate`: in an earlier chosen group too, `ownNumber`,
 * `optedOut`) are left out, by reason.
 */
export const GroupActionPreview = z.object({
  action: z.enum(GROUP_ACTIONS),
  groups: z.number().int().nonnegative(),
  people: z.number().int().nonnegative(),
  skipped: z.object(
    Object.fromEntries(GROUP_SKIP_REASONS.map((r) => [r, z.number().int().nonnegative()])) as Record<
      GroupSkipReason,
      z.ZodNumber
    >,
  ),
})
export type GroupActionPreview = z.infer<typeof GroupActionPreview>

/**
 * `POST /groups/create`: a group named `title` with `contact` in it. Networks that cannot add
 * someone directly (the Cloud API) send the contact the invite link instead (`invited: true`).
 */
export const GroupCreateBody = z.object({
  whatsappId: Id,
  title: requiredString(100),
  contact: GroupCreateRequest.shape.contact,
})
export type GroupCreateBody = z.input<typeof GroupCreateBody>
/** What `POST /groups/create` and the seed's `POST /zdgGroupsCreate` answer. */
export const GroupCreateResponse = z.object({
  id: safeText(),
  inviteLink: safeText().nullable(),
  /** The contact was sent the invite link rather than added (networks that add nobody directly). */
  invited: z.boolean(),
})
export type GroupCreateResponse = z.infer<typeof GroupCreateResponse>

/** `GET /groups/:id/invite?whatsappId=N`: the group's invite link (admins only on the network's side). */
export const GroupParams = z.object({ id: GroupId })
export type GroupParams = z.input<typeof GroupParams>
export const GroupInviteQuery = z.object({ whatsappId: Id })
export type GroupInviteQuery = z.input<typeof GroupInviteQuery>
export const GroupInviteResponse = z.object({ inviteLink: safeText() })
export type GroupInviteResponse = z.infer<typeof GroupInviteResponse>
