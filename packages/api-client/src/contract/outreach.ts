import { z } from 'zod'
import { digitsOnly, IsoDay } from './common'
import { ConnectionStatus } from './entities'
import { safeText } from './text'
import { Id, PageQuery, requiredString, VALIDATION_MESSAGES } from './validation'

/**
 * Outreach and automation (seed 001). The seed's browser looped over the numbers
 * itself and had to stay open; here every sending call creates a server-side job
 * that works through the list, waits the chosen interval, and reports progress as
 * `job` socket events. The calls keep the seed's paths; their bodies carry the
 * whole list instead of one number. `token` (the `userApiToken` setting) is
 * accepted for the seed's clients; the session authenticates the caller.
 * `ticketwhatsappId` is the dispatch id: a CONNECTED connection.
 */

const m = VALIDATION_MESSAGES

export const OUTREACH_TEXT_MAX = 65_536
/** The seed advises blocks of 30; this is the hard ceiling of one job. */
export const OUTREACH_MAX_RECIPIENTS = 10_000
export const OUTREACH_MAX_INTERVAL_SECONDS = 3600

/* ---------- Brazilian numbers and addresses (seed 001 §5) ---------- */

/**
 * The seed's rule, on the digits of the entry (formatting such as `+`, spaces or
 * dashes is dropped first, since an address can only hold digits):
 * - not starting with 55: sent as given;
 * - 55 and area code (digits 3–4) ≤ 30: country code, area code, `9`, last 8 digits;
 * - 55 and area code > 30: country code, area code, last 8 digits (no 9).
 * Numbers too short to hold country code, area code and 8 digits (under 12 digits)
 * are left as given: the rule has no meaning for them.
 */
export const normalizeBrazilianNumber = (entry: string): string => {
  const digits = digitsOnly(entry)
  if (!digits.startsWith('55') || digits.length < 12) return digits
  const area = digits.slice(2, 4)
  const subscriber = digits.slice(-8)
  return Number(area) <= 30 ? `55${area}9${subscriber}` : `55${area}${subscriber}`
}

/**
 * The recipient address of a list entry: `{digits}@c.us` after normalisation, or in
 * group mode `{groupId}@g.us` (the entry is a group id, any suffix it had replaced).
 */
export const toRecipientAddress = (entry: string, isGroup = false): string => {
  const bare = entry.trim().replace(/@(c|g|s)\.us$/i, '')
  if (isGroup) return `${bare.replace(/[^\d-]/g, '')}@g.us`
  return `${normalizeBrazilianNumber(bare)}@c.us`
}

/**
 * Entries typed one per line (or sent as an array): trimmed, blank lines dropped,
 * duplicates removed keeping the first. At least one, at most 10 000.
 */
export const lineList = (maxLine = 200) =>
  z
    .union([safeText(), z.array(safeText())], { error: m.required })
    .transform((v) => {
      const lines = (Array.isArray(v) ? v : v.split(/\r?\n/)).map((l) => l.trim()).filter(Boolean)
      return [...new Set(lines)]
    })
    .pipe(
      z
        .array(safeText().max(maxLine, { error: m.tooLong }))
        .min(1, { error: m.required })
        .max(OUTREACH_MAX_RECIPIENTS, { error: m.tooLong }),
    )

/**
 * Phone numbers, one per line: each must hold 8 to 40 digits once formatting is
 * stripped; group ids (`120363…` or `5511…-1596…`) are accepted in group mode.
 */
export const NumberList = lineList(100).superRefine((entries, ctx) => {
  entries.forEach((entry, index) => {
    const digits = digitsOnly(entry)
    if (digits.length < 8 || digits.length > 40 || /[a-z]/i.test(entry.replace(/@(c|g|s)\.us$/i, ''))) {
      ctx.addIssue({ code: 'custom', path: [index], message: m.invalid })
    }
  })
})

const seconds = z.coerce
  .number({ error: m.invalid })
  .int({ error: m.invalid })
  .min(0, { error: m.invalid })
  .max(OUTREACH_MAX_INTERVAL_SECONDS, { error: m.invalid })

const dispatch = {
  /** Seed's API token; accepted, not required. */
  token: safeText().max(500).optional(),
  /** The dispatch id: the connection to send through. */
  ticketwhatsappId: Id,
}

const intervalRefine = (v: { minInterval: number; maxInterval: number }, ctx: z.RefinementCtx) => {
  if (v.minInterval > v.maxInterval) ctx.addIssue({ code: 'custom', path: ['maxInterval'], message: m.invalid })
}

const bulkBase = {
  ...dispatch,
  numbers: NumberList,
  /** Seconds; the job waits a random whole number between the two before and after each send. */
  minInterval: seconds,
  maxInterval: seconds,
  /** Group mode: entries are group ids, sent to `@g.us`. */
  isGroup: z.boolean({ error: m.invalid }).optional().default(false),
}

/** A path on the server for file sends: forward slashes, no `..`, resolved inside the server's outreach folder. */
export const ServerFilePath = safeText({ error: m.required })
  .trim()
  .min(1, { error: m.required })
  .max(1024, { error: m.tooLong })
  .refine((p) => !p.includes('\\') && !p.includes('\0') && !p.split('/').includes('..'), { error: m.invalid })

/**
 * `POST /zdg`: bulk text (/ZDG). A `/zdg` body with `numbers` is a bulk job; one with a
 * single `number` is the seed's one-off send (see `SingleTextRequest`).
 */
export const BulkTextRequest = z
  .object({ ...bulkBase, message: requiredString(OUTREACH_TEXT_MAX) })
  .superRefine(intervalRefine)
export type BulkTextRequest = z.input<typeof BulkTextRequest>
export type BulkTextData = z.output<typeof BulkTextRequest>

/** `POST /sendMedia`: bulk media by URL (/ZDGMedia). */
export const BulkMediaRequest = z
  .object({
    ...bulkBase,
    url: z.url({ protocol: /^https?$/, error: m.invalid }).max(2048, { error: m.tooLong }),
    title: requiredString(1024),
  })
  .superRefine(intervalRefine)
export type BulkMediaRequest = z.input<typeof BulkMediaRequest>
export type BulkMediaData = z.output<typeof BulkMediaRequest>

/** `POST /sendMediaZDG`: bulk file by path (/ZDGMedia2); `url` holds the path, as in the seed. */
export const BulkFileRequest = z
  .object({ ...bulkBase, url: ServerFilePath, title: requiredString(1024) })
  .superRefine(intervalRefine)
export type BulkFileRequest = z.input<typeof BulkFileRequest>
export type BulkFileData = z.output<typeof BulkFileRequest>

/** `POST /sendMediaZDGRec`: bulk audio recording by path (/ZDGMedia3), sent as a voice note (.ogg advised). */
export const BulkAudioRequest = z.object({ ...bulkBase, url: ServerFilePath }).superRefine(intervalRefine)
export type BulkAudioRequest = z.input<typeof BulkAudioRequest>
export type BulkAudioData = z.output<typeof BulkAudioRequest>

/* ---------- groups (/ZDGGroups); each runs over the groups the connection administers ---------- */

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

/* ---------- other channels ---------- */

/** `POST /sendDirect`: Instagram direct messages, one user name per line. */
export const DirectRequest = z.object({
  token: dispatch.token,
  userIg: lineList(30).superRefine((users, ctx) => {
    users.forEach((u, index) => {
      if (!/^@?[A-Za-z0-9._]{1,30}$/.test(u)) ctx.addIssue({ code: 'custom', path: [index], message: m.invalid })
    })
  }),
  message: requiredString(OUTREACH_TEXT_MAX),
})
export type DirectRequest = z.input<typeof DirectRequest>
export type DirectData = z.output<typeof DirectRequest>

/**
 * `POST /sendSms` and `POST /makeVoiceCall` through the telephony provider: `to`
 * one number per line, `text` the message (spoken in a call), `from` the sender.
 * The seed's form read the message from the wrong field; here `text` is the message.
 */
export const SmsRequest = z.object({
  token: dispatch.token,
  from: requiredString(32),
  to: NumberList,
  text: requiredString(1600),
})
export type SmsRequest = z.input<typeof SmsRequest>
export type SmsData = z.output<typeof SmsRequest>
export const VoiceCallRequest = SmsRequest
export type VoiceCallRequest = z.input<typeof VoiceCallRequest>

/** `POST /syncMessage` (/ZDGHistorico): import up to `limit` device messages per conversation. */
export const SyncMessageRequest = z.object({
  ...dispatch,
  limit: z.coerce.number({ error: m.invalid }).int({ error: m.invalid }).min(1, { error: m.invalid }).max(1000, {
    error: m.tooLong,
  }),
})
export type SyncMessageRequest = z.input<typeof SyncMessageRequest>

/** `POST /zdgSyncMessageUser` (conversation screen): import one contact's history. */
export const SyncMessageUserRequest = z.object({
  user: requiredString(100).transform(digitsOnly),
  limit: SyncMessageRequest.shape.limit,
  ticketwhatsappId: Id,
})
export type SyncMessageUserRequest = z.input<typeof SyncMessageUserRequest>

/** `POST /sendAgendamento` (/ZDGAgendamento): run the connection's scheduled sends on `dataEnvio`. */
export const ScheduleRequest = z.object({ ...dispatch, dataEnvio: IsoDay })
export type ScheduleRequest = z.input<typeof ScheduleRequest>

/** `POST /zdg` with one `number` (the transfer notice): a single text through a connection. */
export const SingleTextRequest = z.object({
  ...dispatch,
  number: requiredString(100),
  message: requiredString(OUTREACH_TEXT_MAX),
})
export type SingleTextRequest = z.input<typeof SingleTextRequest>

/** `GET /whatsappzdg`: connections for the "Mostrar ID de Disparo" button; only CONNECTED ones are usable. */
export const DispatchConnectionListResponse = z.array(z.object({ id: z.number(), status: ConnectionStatus }))
export type DispatchConnectionListResponse = z.infer<typeof DispatchConnectionListResponse>

/* ---------- conversation automation switches ---------- */

export const BOT_KINDS = ['dialogflow', 'dialogflowAudio', 'chatbot', 'n8n', 'gpt', 'typebot'] as const
export type BotKind = (typeof BOT_KINDS)[number]

/** The seed's paths per switch: status `GET {status}/{number}` answers `ok` or `off`; `POST on|off {msgFrom}`. */
export const BOT_PATHS: Record<BotKind, { status: string; on: string; off: string }> = {
  dialogflow: { status: 'getdialogstatus', on: 'zdgDialogFlowOn', off: 'zdgDialogFlowOff' },
  dialogflowAudio: { status: 'getdialogaudiostatus', on: 'zdgDialogFlowOnAudio', off: 'zdgDialogFlowOffAudio' },
  chatbot: { status: 'getchatbotstatus', on: 'zdgChatBotOn', off: 'zdgChatBotOff' },
  n8n: { status: 'getn8nstatus', on: 'zdgN8NOn', off: 'zdgN8NOff' },
  gpt: { status: 'getgptstatus', on: 'zdgGPTOn', off: 'zdgGPTOff' },
  typebot: { status: 'gettypebotstatus', on: 'zdgTypeBotOn', off: 'zdgTypeBotOff' },
}
export const BotStatus = z.enum(['ok', 'off'])
export type BotStatus = z.infer<typeof BotStatus>
/** Body of every on/off switch: the contact's number. */
export const BotToggleRequest = z.object({ msgFrom: requiredString(100).transform(digitsOnly) })
export type BotToggleRequest = z.input<typeof BotToggleRequest>

/** `POST /zdgGetWppId {ticketid}` → `{dbWpp: [{whatsappId}]}`: the ticket's connection. */
export const TicketConnectionRequest = z.object({ ticketid: Id })
export const TicketConnectionResponse = z.object({ dbWpp: z.array(z.object({ whatsappId: z.number() })) })
export type TicketConnectionResponse = z.infer<typeof TicketConnectionResponse>

/** `POST /zdgProtocolo`: the attendance protocol recorded when closing with a protocol number. */
export const ProtocolRequest = z.object({
  usuario: requiredString(100),
  protocolo: requiredString(32),
  ticket: Id,
})
export type ProtocolRequest = z.input<typeof ProtocolRequest>

/* ---------- e-mail notifications ---------- */

/** `POST /zdgSendEmail` (to the desk's own address) and `/zdgSendEmailUser` (with `zdgTo`). */
export const EmailRequest = z.object({
  zdgSubject: requiredString(200),
  zdgText: requiredString(100_000),
  zdgTo: z.email({ error: m.invalidEmail }).optional(),
})
export type EmailRequest = z.input<typeof EmailRequest>
/** `POST /zdgSendEmailAttach` and `/zdgSendEmailAttachUser`: plus a file (`zdgContent` in base64). */
export const EmailAttachRequest = EmailRequest.extend({
  zdgFileName: requiredString(255),
  zdgContent: requiredString(25 * 1024 * 1024),
})
export type EmailAttachRequest = z.input<typeof EmailAttachRequest>

/* ---------- jobs ---------- */

export const JOB_KINDS = [
  'bulkText',
  'bulkMedia',
  'bulkFile',
  'bulkAudio',
  'groupSubject',
  'groupDescription',
  'groupCreate',
  'groupMessage',
  'groupOpen',
  'groupClose',
  'direct',
  'sms',
  'voiceCall',
  'syncMessage',
  'schedule',
] as const
export const JobKind = z.enum(JOB_KINDS)
export type JobKind = z.infer<typeof JobKind>

export const JOB_STATUSES = ['queued', 'running', 'paused', 'done', 'failed', 'cancelled'] as const
export const JobStatus = z.enum(JOB_STATUSES)
export type JobStatus = z.infer<typeof JobStatus>
/** A job in one of these statuses will not change again. */
export const FINISHED_JOB_STATUSES: readonly JobStatus[] = ['done', 'failed', 'cancelled']

/** A server-side outreach job. `sent + failed` of `total` is the "sent / total" counter. */
export const Job = z.object({
  id: z.number(),
  kind: JobKind,
  status: JobStatus,
  total: z.number().int().nonnegative(),
  sent: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  connectionId: z.number().nullable().optional(),
  userId: z.number().nullable().optional(),
  /** Why the job failed as a whole. */
  error: safeText().nullable().optional(),
  createdAt: safeText(),
  updatedAt: safeText().optional(),
})
export type Job = z.infer<typeof Job>

/** Every sending call answers 202 with the queued job. */
export const JobResponse = Job
export type JobResponse = z.infer<typeof JobResponse>

/** `GET /jobs`: the caller's jobs (all for admins), newest first. */
export const JobListQuery = PageQuery.omit({ searchParam: true }).extend({
  status: z.enum(JOB_STATUSES, { error: m.invalid }).optional(),
  kind: z.enum(JOB_KINDS, { error: m.invalid }).optional(),
})
export type JobListQuery = z.input<typeof JobListQuery>
export const JobListResponse = z.object({ jobs: z.array(Job), hasMore: z.boolean() })
export type JobListResponse = z.infer<typeof JobListResponse>

/** `GET /jobs/:id` answers the job; `job` socket events carry this progress. */
export const JobProgress = Job.pick({ id: true, kind: true, status: true, total: true, sent: true, failed: true })
export type JobProgress = z.infer<typeof JobProgress>

/** `PUT /jobs/:id`: pause a running job, resume a paused one, or cancel one not finished. */
export const JobActionRequest = z.object({ action: z.enum(['pause', 'resume', 'cancel'], { error: m.invalid }) })
export type JobActionRequest = z.infer<typeof JobActionRequest>

/** Share of the list processed, 0–100, for progress bars. */
export const jobPercent = (job: Pick<Job, 'total' | 'sent' | 'failed'>): number =>
  job.total === 0 ? 100 : Math.min(100, Math.round(((job.sent + job.failed) / job.total) * 100))
