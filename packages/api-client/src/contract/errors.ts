import { z } from 'zod'
import { safeText } from './text'

/** Every error code the server may answer with (seed 000 §8, plus validation and rate limiting). */
export const ERROR_CODES = [
  'ERR_NO_OTHER_WHATSAPP',
  'ERR_NO_DEF_WAPP_FOUND',
  'ERR_WAPP_NOT_INITIALIZED',
  'ERR_WAPP_CHECK_CONTACT',
  'ERR_WAPP_INVALID_CONTACT',
  'ERR_WAPP_DOWNLOAD_MEDIA',
  'ERR_INVALID_CREDENTIALS',
  'ERR_SENDING_WAPP_MSG',
  'ERR_DELETE_WAPP_MSG',
  'ERR_OTHER_OPEN_TICKET',
  'ERR_SESSION_EXPIRED',
  'ERR_USER_CREATION_DISABLED',
  'ERR_NO_PERMISSION',
  'ERR_DUPLICATED_CONTACT',
  'ERR_NO_SETTING_FOUND',
  'ERR_NO_CONTACT_FOUND',
  'ERR_NO_TICKET_FOUND',
  'ERR_NO_USER_FOUND',
  'ERR_NO_WAPP_FOUND',
  'ERR_CREATING_MESSAGE',
  'ERR_CREATING_TICKET',
  'ERR_FETCH_WAPP_MSG',
  'ERR_QUEUE_COLOR_ALREADY_EXISTS',
  'ERR_WAPP_GREETING_REQUIRED',
  // Added by this product:
  'ERR_VALIDATION',
  'ERR_RATE_LIMITED',
  'ERR_DUPLICATED_EMAIL',
  'ERR_LAST_ADMIN',
  'ERR_NOT_FOUND',
  'ERR_PAYLOAD_TOO_LARGE',
  'ERR_MEDIA_CONVERSION',
  'ERR_TICKET_NOT_OPEN',
  'ERR_TICKET_CHANGED',
  'ERR_INTERNAL',
  // Outreach inputs (media by URL, files in the outreach folder, history import):
  'ERR_OUTREACH_URL_FORBIDDEN',
  'ERR_OUTREACH_URL_UNREACHABLE',
  'ERR_OUTREACH_URL_TOO_LARGE',
  'ERR_OUTREACH_MEDIA_TYPE',
  'ERR_OUTREACH_PATH_FORBIDDEN',
  'ERR_OUTREACH_FILE_NOT_FOUND',
  'ERR_OUTREACH_FILE_TOO_LARGE',
  'ERR_OUTREACH_FILE_EXISTS',
  'ERR_OUTREACH_HISTORY_UNSUPPORTED',
  'ERR_OUTREACH_JOB_REPEATED',
  'ERR_NO_JOB_FOUND',
  'ERR_JOB_STATE',
  'ERR_JOB_FINISHED',
  // Groups:
  'ERR_GROUP_FORM_EMPTY',
  'ERR_GROUP_ACTION_UNSUPPORTED',
  'ERR_NO_GROUP_FOUND',
  'ERR_GROUP_NOT_ADMIN',
  // Protocol close and e-mail:
  'ERR_PROTOCOL_TAKEN',
  'ERR_MAIL_NOT_CONFIGURED',
  'ERR_MAIL_FAILED',
  'ERR_MAIL_HOST_FORBIDDEN',
  // Tags:
  'ERR_TAG_ALREADY_EXISTS',
  'ERR_TAG_NOT_FOUND',
  // Kanban:
  'ERR_NO_LANE_FOUND',
  'ERR_LANE_NOT_EMPTY',
  'ERR_LAST_LANE',
  // Bots (conversation switches):
  'ERR_BOT_NOT_CONFIGURED',
  'ERR_BOT_OFF',
  // The embeddable widget:
  'ERR_WIDGET_TOKEN_INVALID',
  'ERR_WIDGET_TOKEN_EXPIRED',
  'ERR_WIDGET_VERIFIED_ONLY',
  'ERR_WIDGET_NOT_ASSIGNEE',
  'ERR_WIDGET_ORIGIN_NOT_ALLOWED',
  'ERR_WIDGET_QUOTA_EXCEEDED',
  // Telephony (SMS and voice calls):
  /** No telephony connection sends from the `from` given (a number or a Messaging Service SID). */
  'ERR_TELEPHONY_SENDER_UNKNOWN',
  /** The provider refused the connection's credentials. */
  'ERR_TELEPHONY_CREDENTIALS',
  /** Media (MMS) cannot be sent from this connection's number (its country has no MMS). */
  'ERR_TELEPHONY_MMS_UNSUPPORTED',
  /** Calls need a sender number; the connection sends only through a Messaging Service. */
  'ERR_TELEPHONY_NO_CALLER_NUMBER',
  // Channels with a reply window (Instagram, the WhatsApp Cloud API):
  /** The customer's reply window has closed: free text is refused until they write again (see `replyWindowState`). */
  'ERR_REPLY_WINDOW_CLOSED',
  // Instagram direct:
  /** No Instagram connection to send through (none exists, or the one named is not Instagram). */
  'ERR_INSTAGRAM_NO_CONNECTION',
  /** Instagram carries text and images only (and a real account needs the desk's public address for an image). */
  'ERR_INSTAGRAM_MEDIA_UNSUPPORTED',
  // Internal chat:
  /** No such chat channel. */
  'ERR_NO_CHANNEL_FOUND',
  /** The general, queue and direct channels follow the desk's users and queues: only an admin's own channels change. */
  'ERR_CHANNEL_FIXED',
  // The WhatsApp Cloud API's message templates:
  /** A send on a Cloud API connection outside the reply window names no template (field `template`). */
  'ERR_TEMPLATE_REQUIRED',
  /** No such template on the ticket's or job's connection. */
  'ERR_NO_TEMPLATE_FOUND',
  /** The template is not approved (pending, rejected, paused or disabled) and cannot be sent. */
  'ERR_TEMPLATE_NOT_APPROVED',
  /** The Graph API refused the template because it is paused or disabled (132015, 132016). */
  'ERR_TEMPLATE_PAUSED',
  /** The Graph API refused the template's parameters or the template itself (the 132000 range). */
  'ERR_TEMPLATE_REFUSED',
  /** The connection has no WhatsApp Business Account id, which reading its templates needs. */
  'ERR_TEMPLATES_NO_ACCOUNT',
  /** The Graph API could not be reached or refused the credentials while reading templates. */
  'ERR_TEMPLATES_SYNC_FAILED',
] as const
export const ErrorCode = z.enum(ERROR_CODES)
export type ErrorCode = z.infer<typeof ErrorCode>

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value)

export const FieldError = z.object({
  /** Dotted path of the offending field, e.g. `name` or `extraInfo.0.value`. */
  path: safeText(),
  /** A validation message code (see VALIDATION_MESSAGES) or free text. */
  message: safeText(),
})
export type FieldError = z.infer<typeof FieldError>

/**
 * Every non-2xx answer. `error` holds the code, as the seed's clients read it
 * (`err.response.data.error`), so existing clients keep working.
 */
export const ErrorResponse = z.object({
  error: safeText(),
  message: safeText().optional(),
  fields: z.array(FieldError).optional(),
  /** `ERR_OTHER_OPEN_TICKET` from `POST /tickets` or a reopen: the contact's live ticket, when the caller may see it. */
  ticketId: z.number().optional(),
})
export type ErrorResponse = z.infer<typeof ErrorResponse>
