import {
  type BulkAudioData,
  BulkAudioRequest,
  type BulkFileData,
  BulkFileRequest,
  type BulkMediaData,
  BulkMediaRequest,
  type BulkTextData,
  BulkTextRequest,
  digitsOnly,
  type JobTemplate,
  lineNumber,
  type MessageTemplate,
  safeText,
  VALIDATION_MESSAGES,
} from '@desk/api-client/contract'
import { z } from 'zod'
import { parseStartInput } from '../../../internal/outreach/startAt'
import type { DateInput } from '../../../lib/datetime'

/** The four sending pages: /ZDG, /ZDGMedia, /ZDGMedia2, /ZDGMedia3. */
export type BulkSendVariant = 'text' | 'media' | 'file' | 'audio'

/** What the fields hold: text inputs speak strings. `url` is the URL (media) or the server path (file, audio). */
export interface BulkSendFormValues {
  numbers: string
  message: string
  url: string
  title: string
  ticketwhatsappId: string
  minInterval: string
  maxInterval: string
  isGroup: boolean
  /** `YYYY-MM-DDTHH:mm` (a date-time input), empty to start at once. */
  startAt: string
  /** Digits of the numbers the Brazilian rule must leave as typed (chosen in the estimate). */
  keepAsTyped: string[]
  /** Text on a Cloud API connection: the chosen template's id, empty for none (free text to open windows only). */
  templateId: string
  /** Where each of the template's variables comes from: `contact:name`, `contact:number`, `contact:email`, `column:2` … */
  templateSources: Record<string, string>
}

/**
 * The WhatsApp Cloud API connections (by id) and their approved templates: a text or media job on one of them sends
 * a template (media: one whose header takes the URL), or its text or media only to customers whose 24-hour window is
 * open; a file or an audio by path goes to open windows only, and the page says so with a link to the text page.
 */
export interface OfficialApiOptions {
  connectionIds: number[]
  templates: MessageTemplate[]
  /** The text page (/ZDG), where a template reaches everyone: file and audio pages link to it. */
  textPageHref?: string
  onNavigate?: (href: string) => void
}

/** The sources a template variable may take its value from, in the form's own spelling. */
export const TEMPLATE_SOURCES = [
  'contact:name',
  'contact:number',
  'contact:email',
  'column:2',
  'column:3',
  'column:4',
  'column:5',
] as const

/** A variable's default source: the first body variable is the contact's name, the others the next columns. */
export const defaultSources = (template: MessageTemplate): Record<string, string> =>
  Object.fromEntries(
    template.variables.map((v, i) => [v.key, i === 0 ? 'contact:name' : `column:${Math.min(i + 1, 5)}`]),
  )

/** The contract's job template from the chosen template and the form's sources. */
const jobTemplateOf = (template: MessageTemplate, sources: Record<string, string>): JobTemplate => ({
  templateId: template.id,
  variables: Object.fromEntries(
    template.variables.map((v) => {
      const [from, what] = (sources[v.key] ?? defaultSources(template)[v.key] ?? 'contact:name').split(':')
      return [v.key, from === 'column' ? { from: 'column', column: Number(what) } : { from: 'contact', field: what }]
    }),
  ),
})

/** A template whose header is an image, a video or a document: a job's media URL fills it. */
const hasMediaHeader = (template: MessageTemplate) =>
  template.header !== null && ['IMAGE', 'VIDEO', 'DOCUMENT'].includes(template.header.format)

/**
 * The templates a page may send on the official API: text those without a media header, media by URL those
 * with one (its URL becomes the header). A file or an audio by path has no template that carries it (the
 * contract takes none): those pages go to open reply windows only.
 */
const fitsVariant = (variant: BulkSendVariant, template: MessageTemplate) =>
  variant === 'text' ? !hasMediaHeader(template) : variant === 'media' ? hasMediaHeader(template) : false

/** The official API's part of a job: the templates for the typed connection and the chosen one, if it is a Cloud API one. */
export const officialChoice = (
  variant: BulkSendVariant,
  v: Pick<BulkSendFormValues, 'ticketwhatsappId' | 'templateId'>,
  api?: OfficialApiOptions,
) => {
  const connectionId = Number(v.ticketwhatsappId.trim())
  if (!api?.connectionIds.includes(connectionId)) return null
  const templates = api.templates.filter((t) => t.connectionId === connectionId && fitsVariant(variant, t))
  return { templates, template: templates.find((t) => String(t.id) === v.templateId) ?? null }
}

/** What a job on the official API adds to its request: the chosen template, or free sends to open windows only. */
const officialExtra = (variant: BulkSendVariant, v: BulkSendFormValues, api?: OfficialApiOptions) => {
  const official = officialChoice(variant, v, api)
  if (!official) return {}
  return official.template
    ? { template: jobTemplateOf(official.template, v.templateSources) }
    : { openWindowsOnly: true }
}

/** The scheduled start (ISO with offset), or null to start at once (the request leaves `startAt` out). */
interface Start {
  startAt: string | null
}

/** The contract's parsed request body, tagged with its variant; the start is the form's own field. */
export type BulkSendRequest =
  | ({ variant: 'text' } & Omit<BulkTextData, 'startAt'>)
  | ({ variant: 'media' } & Omit<BulkMediaData, 'startAt'>)
  | ({ variant: 'file' } & Omit<BulkFileData, 'startAt'>)
  | ({ variant: 'audio' } & Omit<BulkAudioData, 'startAt'>)

/** What the form hands back: the contract's parsed request for its variant, and the scheduled start. */
export type BulkSendValues = BulkSendRequest & Start

export const emptyBulkSendValues: BulkSendFormValues = {
  numbers: '',
  message: '',
  url: '',
  title: '',
  ticketwhatsappId: '',
  minInterval: '',
  maxInterval: '',
  isGroup: false,
  startAt: '',
  keepAsTyped: [],
  templateId: '',
  templateSources: {},
}

/** The fields each variant shows and the contract requires (besides the common ones). */
export const VARIANT_FIELDS: Record<BulkSendVariant, readonly ('message' | 'url' | 'title')[]> = {
  text: ['message'],
  media: ['url', 'title'],
  file: ['url', 'title'],
  audio: ['url'],
}

/** Every field the server may name in a 400, for the form to show beside it. */
export const SERVER_FIELDS = [
  'numbers',
  'message',
  'url',
  'title',
  'ticketwhatsappId',
  'minInterval',
  'maxInterval',
  'startAt',
] as const

const COMMON_REQUIRED = ['numbers', 'ticketwhatsappId', 'minInterval', 'maxInterval'] as const

const FormShape = z.object({
  numbers: safeText(),
  message: safeText(),
  url: safeText(),
  title: safeText(),
  ticketwhatsappId: safeText(),
  minInterval: safeText(),
  maxInterval: safeText(),
  isGroup: z.boolean(),
  startAt: safeText(),
  keepAsTyped: z.array(safeText()),
  templateId: safeText(),
  templateSources: z.record(z.string(), z.string()),
})

type Parsed = { value: BulkSendRequest } | { issues: z.core.$ZodIssue[] }

const result = <V extends BulkSendVariant, D extends object>(variant: V, r: z.ZodSafeParseResult<D>) =>
  r.success ? { value: { variant, ...r.data } } : { issues: r.error.issues }

/** The kept numbers (digits) that some line of the box still holds. */
const keptInBox = (numbers: string, kept: readonly string[]) => {
  const lines = new Set(numbers.split(/\r?\n/).map((line) => digitsOnly(lineNumber(line))))
  return kept.filter((digits) => lines.has(digits))
}

/** The contract's request for a variant, parsed from the fields. */
function parseRequest(variant: BulkSendVariant, v: BulkSendFormValues, api?: OfficialApiOptions): Parsed {
  const base = {
    numbers: v.numbers,
    ticketwhatsappId: v.ticketwhatsappId.trim(),
    minInterval: v.minInterval,
    maxInterval: v.maxInterval,
    isGroup: v.isGroup,
    // Only the kept numbers still in the box (one removed from the list is no longer kept).
    keepAsTyped: keptInBox(v.numbers, v.keepAsTyped),
  }
  switch (variant) {
    case 'text': {
      // On the Cloud API: the chosen template (its text stands as the message), or free text to open windows only.
      const template = officialChoice(variant, v, api)?.template
      const message = template ? v.message.trim() || template.body : v.message
      return result(variant, BulkTextRequest.safeParse({ ...base, ...officialExtra(variant, v, api), message }))
    }
    case 'media':
      return result(
        variant,
        BulkMediaRequest.safeParse({
          ...base,
          ...officialExtra(variant, v, api),
          url: v.url.trim(),
          // With a template the customer reads the template's text: its name stands as the title the contract asks for.
          title: officialChoice(variant, v, api)?.template?.name ?? v.title,
        }),
      )
    case 'file':
      return result(
        variant,
        BulkFileRequest.safeParse({ ...base, ...officialExtra(variant, v, api), url: v.url, title: v.title }),
      )
    case 'audio':
      return result(variant, BulkAudioRequest.safeParse({ ...base, ...officialExtra(variant, v, api), url: v.url }))
  }
}

/**
 * The form's rules: every field the variant shows is required (seed §5), then the contract's request
 * schema decides (numbers one per line, intervals in whole seconds with min ≤ max, a server path with
 * forward slashes …), and a scheduled start must lie ahead of `now`. Issues keep their field paths.
 */
export const bulkSendSchema = (variant: BulkSendVariant, now: () => DateInput, api?: OfficialApiOptions) =>
  FormShape.transform((v, ctx): BulkSendValues => {
    const issue = (path: string, message: string) =>
      ctx.issues.push({ code: 'custom', path: [path], message, input: v })
    // A template stands for the message (text) or the title (media): none is typed then.
    const templated = Boolean(officialChoice(variant, v, api)?.template)
    const fields = [
      ...COMMON_REQUIRED,
      ...VARIANT_FIELDS[variant].filter((f) => !(templated && (f === 'message' || f === 'title'))),
    ]
    const blank = fields.filter((field) => v[field].trim() === '')
    for (const field of blank) issue(field, VALIDATION_MESSAGES.required)
    const start = parseStartInput(v.startAt, now)
    if ('error' in start) issue('startAt', start.error)
    const request = parseRequest(variant, v, api)
    if ('issues' in request) {
      // A blank field already says "Required"; its other complaints would only repeat it.
      for (const i of request.issues.filter((i) => !blank.some((field) => field === i.path[0]))) {
        issue(String(i.path[0] ?? 'numbers'), i.message)
      }
    }
    if ('issues' in request || 'error' in start || blank.length > 0) return z.NEVER
    return { ...request.value, startAt: start.startAt }
  })
