import { z } from 'zod'
import { type TemplateParts, type TemplateVariable, templateVariables } from '../rules/templates'
import { SendMessageResponse, TicketIdParams } from './messages'
import { templatesPaths } from './paths/templates'
import { defineRoutes } from './route'
import { safeText } from './text'
import { Id, IsoDate, VALIDATION_MESSAGES } from './validation'

/**
 * Message templates of the WhatsApp Cloud API (issue 32). Outside the 24-hour reply window the Graph API
 * takes only an approved template; the desk keeps each Cloud API connection's templates (read from the
 * business account, refreshed by a button, a schedule and the status webhook) and sends them with their
 * variables filled.
 */

const m = VALIDATION_MESSAGES

export const TEMPLATE_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const
/** Statuses the Graph API reports; only `APPROVED` templates can be sent. */
export const TEMPLATE_STATUSES = ['APPROVED', 'PENDING', 'REJECTED', 'PAUSED', 'DISABLED'] as const
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number]

const TemplateHeaderKind = z.enum(['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT', 'LOCATION'])

export const TemplateButton = z.object({
  type: safeText(),
  text: safeText(),
  url: safeText().nullable().optional(),
  phoneNumber: safeText().nullable().optional(),
})

export const TemplateVariableSchema = z.object({
  key: safeText(),
  part: z.enum(['header', 'body', 'button']),
  name: safeText(),
  buttonIndex: z.number().int().nullable(),
  example: safeText().nullable(),
}) satisfies z.ZodType<TemplateVariable>

/** One template in one language, with its parts and the variables they hold. */
export const MessageTemplate = z.object({
  id: z.number(),
  connectionId: z.number(),
  name: safeText(),
  /** The Graph API's language code (`en_US`, `pt_BR`, `es`). */
  language: safeText(),
  /** `MARKETING`, `UTILITY` or `AUTHENTICATION` (others as the Graph API names them). */
  category: safeText(),
  /** `APPROVED`, `PENDING`, `REJECTED`, `PAUSED`, `DISABLED` (others as the Graph API names them). */
  status: safeText(),
  /** Why it was rejected, paused or disabled, as the Graph API said; null otherwise. */
  reason: safeText().nullable(),
  header: z.object({ format: TemplateHeaderKind, text: safeText().nullable() }).nullable(),
  body: safeText(),
  footer: safeText().nullable(),
  buttons: z.array(TemplateButton),
  examples: z.record(safeText(), safeText()).optional(),
  variables: z.array(TemplateVariableSchema),
  updatedAt: IsoDate,
})
export type MessageTemplate = z.infer<typeof MessageTemplate>

/** A template's parts with its variables, as the answers carry them. */
export const withVariables = <T extends TemplateParts>(parts: T) => ({ ...parts, variables: templateVariables(parts) })

export const TemplateListQuery = z.object({
  /** One connection's templates; absent: every Cloud API connection's. */
  connectionId: Id.optional(),
  /** Only templates that can be sent now. */
  approvedOnly: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((v) => v === true || v === 'true')
    .optional(),
})
export type TemplateListQuery = z.input<typeof TemplateListQuery>
export const TemplateListResponse = z.array(MessageTemplate)
export type TemplateListResponse = z.infer<typeof TemplateListResponse>

export const TemplateSyncRequest = z.object({ connectionId: Id })
export type TemplateSyncRequest = z.infer<typeof TemplateSyncRequest>
export const TemplateSyncResponse = z.object({ templates: z.array(MessageTemplate), syncedAt: IsoDate })
export type TemplateSyncResponse = z.infer<typeof TemplateSyncResponse>

/** A variable's value: at most what the Graph API takes for one parameter. */
const VariableValue = safeText().max(1024, { error: m.tooLong })

/** `POST /messages/:ticketId/template`: the template and a value for each of its variables (by key). */
export const TemplateSendRequest = z.object({
  templateId: Id,
  variables: z.record(safeText().max(64), VariableValue).optional().default({}),
  /** The link of the header's image, video or document, for templates with a media header. */
  headerMediaUrl: z
    .url({ protocol: /^https?$/, error: m.invalid })
    .max(2048, { error: m.tooLong })
    .optional(),
})
export type TemplateSendRequest = z.input<typeof TemplateSendRequest>
export type TemplateSendData = z.output<typeof TemplateSendRequest>

/**
 * Where a bulk job takes one variable's value for each recipient: a field of the contact with that number
 * (`name`, `number`, `email` or an extra field's name), a column of the pasted line (`number;name;order`:
 * the number is column 1), or the same text for everyone.
 */
export const TemplateVariableSource = z.discriminatedUnion('from', [
  z.object({ from: z.literal('contact'), field: safeText().trim().min(1, { error: m.required }).max(100) }),
  z.object({ from: z.literal('column'), column: z.coerce.number().int().min(2, { error: m.invalid }).max(50) }),
  z.object({ from: z.literal('text'), value: VariableValue.trim().min(1, { error: m.required }) }),
])
export type TemplateVariableSource = z.infer<typeof TemplateVariableSource>

/** A bulk job's template: which one, and where each variable's value comes from. */
export const JobTemplate = z.object({
  templateId: Id,
  variables: z.record(safeText().max(64), TemplateVariableSource).optional().default({}),
})
export type JobTemplate = z.input<typeof JobTemplate>
export type JobTemplateData = z.output<typeof JobTemplate>

/** The routes of templates, on the methods and paths of `./paths/templates`. */
export const templatesRoutes = /* @__PURE__ */ defineRoutes(templatesPaths, () => ({
  templateList: { query: TemplateListQuery, response: TemplateListResponse },
  templateSync: { body: TemplateSyncRequest, response: TemplateSyncResponse },
  messageSendTemplate: { params: TicketIdParams, body: TemplateSendRequest, response: SendMessageResponse },
}))
