import { z } from 'zod'
import { digitsOnly } from './common'
import { Contact } from './entities'
import { safeText } from './text'
import { boundedString, Id, IdParams, PageQuery, VALIDATION_MESSAGES } from './validation'

/**
 * Contacts: `GET /contacts/`, `GET/PUT/DELETE /contacts/:id`, `POST /contacts` (and the
 * seed's `/contact`), `POST /contacts/import`, `GET /contactsZDG` (export rows) and
 * `POST /delContacts` (delete all, admin-only).
 */

const m = VALIDATION_MESSAGES

export const CONTACTS_PAGE_SIZE = 20
export const EXTRA_INFO_MAX_ROWS = 50

export const ContactListQuery = PageQuery
export type ContactListQuery = z.input<typeof ContactListQuery>
export {
  CONTACT_SEARCH_MIN_DIGITS,
  contactSearchDigits,
  isStartSearch,
  SEARCH_MIN_ANYWHERE,
} from './constants'

import { contactsPaths } from './paths/contacts'
import { defineRoutes, noContent } from './route'

/** `GET /contacts/`: 20 a page, by name, each contact with its `extraInfo` rows (`[]` when none). */
export const ContactListResponse = z.object({
  contacts: z.array(Contact),
  hasMore: z.boolean(),
  count: z.number().int().nonnegative().optional(),
})
export type ContactListResponse = z.infer<typeof ContactListResponse>

/**
 * A phone number as typed: formatting (`+`, spaces, dashes, brackets, letters) is
 * stripped and the digits must number 8 to 50, so `+55 (13) 91234-4321` is stored
 * as `5513912344321`. Empty or `null` means "no number" (`null`). A value with no
 * digit at all is refused as invalid rather than stored as nothing.
 */
export const PhoneNumber = safeText({ error: m.invalid })
  .trim()
  .max(100, { error: m.tooLong })
  .nullable()
  .transform((raw, ctx): string | null => {
    if (!raw) return null
    const digits = digitsOnly(raw)
    if (!digits) ctx.addIssue({ code: 'custom', message: m.invalid })
    else if (digits.length < 8) ctx.addIssue({ code: 'custom', message: m.tooShort })
    else if (digits.length > 50) ctx.addIssue({ code: 'custom', message: m.tooLong })
    return digits
  })
export type PhoneNumber = z.output<typeof PhoneNumber>

/** A valid e-mail, or empty (stored as `null`). Lower-cased. */
export const OptionalEmail = safeText({ error: m.invalid })
  .trim()
  .max(254, { error: m.tooLong })
  .nullable()
  .pipe(z.union([z.literal('').transform(() => null), z.null(), z.email({ error: m.invalidEmail })]))
  .transform((v) => (v ? v.toLowerCase() : null))

/** One extra-info row. An `id` updates that row; rows left out of an update are removed. */
export const ExtraInfoInput = z.object({
  id: Id.optional(),
  name: boundedString(1, 100),
  value: safeText({ error: m.required }).trim().min(1, { error: m.required }).max(1000, { error: m.tooLong }),
})
export type ExtraInfoInput = z.input<typeof ExtraInfoInput>

const contactFields = {
  name: boundedString(2, 50),
  number: PhoneNumber,
  email: OptionalEmail,
  extraInfo: z.array(ExtraInfoInput).max(EXTRA_INFO_MAX_ROWS, { error: m.tooLong }),
}

/**
 * `POST /contacts` (or `/contact`): name 2–50, number optional (8–50 digits, unique:
 * `ERR_DUPLICATED_CONTACT`), e-mail valid or empty, extra-info rows.
 */
export const ContactCreateRequest = z.object({
  name: contactFields.name,
  number: contactFields.number.optional().transform((v) => v ?? null),
  email: contactFields.email.optional().transform((v) => v ?? null),
  extraInfo: contactFields.extraInfo.optional().default([]),
})
export type ContactCreateRequest = z.input<typeof ContactCreateRequest>
export type ContactCreateData = z.output<typeof ContactCreateRequest>

/**
 * `PUT /contacts/:id`: a missing field is unchanged; `number` or `email` sent empty
 * clears it. `extraInfo`, when sent, is the whole list: a row with the `id` of one of the
 * contact's rows updates it, other rows are added and rows left out are removed; when not
 * sent, the rows stay as they are.
 */
export const ContactUpdateRequest = z.object({
  name: contactFields.name.optional(),
  number: contactFields.number.optional(),
  email: contactFields.email.optional(),
  extraInfo: contactFields.extraInfo.optional(),
})
export type ContactUpdateRequest = z.input<typeof ContactUpdateRequest>
export type ContactUpdateData = z.output<typeof ContactUpdateRequest>

export const ContactResponse = Contact
export type ContactResponse = z.infer<typeof ContactResponse>

/** `POST /contacts/import` (no body): device contacts through the default connection. */
export const ContactImportResponse = z.object({
  /** Contacts created. */
  added: z.number().int().nonnegative(),
  /** Device contacts left out because their number already exists (or they had none). */
  skipped: z.number().int().nonnegative(),
})
export type ContactImportResponse = z.infer<typeof ContactImportResponse>

/* ---------- export ---------- */

/**
 * `GET` this path (under the API root, with the bearer token) for the contacts as a CSV file
 * (`contactsToCsv`, served as `text/csv; charset=utf-8`, `contacts.csv`).
 */
export const CONTACTS_CSV_PATH = '/contacts/export'
/** File name the app saves the export under. */
export const CONTACTS_CSV_FILE_NAME = 'contacts.csv'

export const ContactExportRow = z.object({
  name: safeText(),
  number: safeText().nullable(),
  email: safeText().nullable(),
})
export type ContactExportRow = z.infer<typeof ContactExportRow>
/** `GET /contactsZDG`: every contact as an export row, by name. */
export const ContactExportResponse = z.array(ContactExportRow)
export type ContactExportResponse = z.infer<typeof ContactExportResponse>

/* ---------- delete all ---------- */

/**
 * `POST /delContacts`, admin-only: an administrator's session, or the `userApiToken` value as
 * `token` in the body (as `/zdg` takes it).
 */
export const ContactsDeleteAllRequest = z.object({ token: safeText().max(500).optional() })
export type ContactsDeleteAllRequest = z.input<typeof ContactsDeleteAllRequest>

/** What went, in one transaction: the alert names it. */
export const ContactsDeleteAllResponse = z.object({
  contacts: z.number().int().nonnegative(),
  tickets: z.number().int().nonnegative(),
  messages: z.number().int().nonnegative(),
  cards: z.number().int().nonnegative(),
})
export type ContactsDeleteAllResponse = z.infer<typeof ContactsDeleteAllResponse>

/** The routes of contacts, with their import, export and deletion, on the methods and paths of `./paths/contacts`. */
export const contactsRoutes = /* @__PURE__ */ defineRoutes(contactsPaths, () => ({
  contactImport: { response: ContactImportResponse },
  contactExport: { response: ContactExportResponse },
  contactExportCsv: { answers: 'csv' },
  // A bare POST (no body) is an empty one.
  contactDeleteAll: {
    body: z.preprocess((value) => value ?? {}, ContactsDeleteAllRequest),
    response: ContactsDeleteAllResponse,
  },
  contactList: { query: ContactListQuery, response: ContactListResponse },
  contactGet: { params: IdParams, response: ContactResponse },
  contactCreate: { body: ContactCreateRequest, response: ContactResponse },
  contactCreateSingular: { body: ContactCreateRequest, response: ContactResponse },
  contactUpdate: { params: IdParams, body: ContactUpdateRequest, response: ContactResponse },
  contactDelete: { params: IdParams, ...noContent },
}))
