import {
  canSendFreeText,
  digitsOnly,
  lineColumn,
  replyWindowState,
  safeText,
  type TemplateParts,
  TemplateVariableSource,
  templateText,
} from '@desk/api-client'
import { z } from 'zod'
import type { Executor } from '../../../db'
import { CloudApiDriver, CloudApiError, graphRefusalCode } from '../../../drivers/cloud-api'
import { lastCustomerMessageAt } from '../../tickets/repository'
import { driverTarget, type JobKindHandler, type JobRecipientTarget, type KindContext } from './types'

/**
 * Bulk jobs on the WhatsApp Cloud API (issue 32): a job sends an approved template, its variables taken per
 * recipient from the contact with that number, a column of the pasted line or a fixed text; or free text
 * only to customers whose 24-hour window is open, the others skipped as `windowClosed`.
 */

/** The template a job stores when it is made: parts and all, so a later refresh cannot change what it sends. */
export const StoredJobTemplate = z.object({
  id: z.number(),
  name: safeText(),
  language: safeText(),
  category: safeText(),
  parts: z.custom<TemplateParts>((v) => typeof v === 'object' && v !== null),
  variables: z.record(safeText(), TemplateVariableSource),
})
export type StoredJobTemplate = z.infer<typeof StoredJobTemplate>

/** What every free-form kind's payload may add on the official API. */
export const officialFields = {
  template: StoredJobTemplate.optional(),
  openWindowsOnly: z.boolean().optional(),
}
export interface OfficialPayload {
  template?: StoredJobTemplate
  openWindowsOnly?: boolean
}

const contactOf = (db: Executor, number: string) =>
  db.selectFrom('contacts').select(['id', 'name', 'number', 'email']).where('number', '=', number).executeTakeFirst()

/** The values of a template's variables for one recipient. */
const valuesFor = async (db: Executor | undefined, recipient: JobRecipientTarget, template: StoredJobTemplate) => {
  const number = digitsOnly(recipient.address.split('@')[0] ?? '')
  let contact: Record<string, string> | null | undefined
  const contactField = async (field: string) => {
    if (contact === undefined) {
      const row = db ? await contactOf(db, number) : undefined
      const found: Record<string, string> | null = row
        ? { name: row.name, number: row.number ?? number, email: row.email ?? '' }
        : null
      contact = found
      if (row && db && found) {
        const extras = await db
          .selectFrom('contact_extra_info')
          .select(['name', 'value'])
          .where('contactId', '=', row.id)
          .execute()
        for (const extra of extras) found[extra.name.toLowerCase()] = extra.value
      }
    }
    if (field === 'number') return contact?.number ?? number
    return contact?.[field.toLowerCase()] ?? ''
  }
  const values: Record<string, string> = {}
  for (const [key, source] of Object.entries(template.variables)) {
    values[key] =
      source.from === 'text'
        ? source.value
        : source.from === 'column'
          ? lineColumn(recipient.entry ?? '', source.column)
          : await contactField(source.field)
  }
  return values
}

/** A refusal of the Graph API recorded on the recipient as the error code that says why. */
const refusal = (error: unknown) =>
  error instanceof CloudApiError && graphRefusalCode(error.graphCode)
    ? new Error(graphRefusalCode(error.graphCode) as string)
    : error

/**
 * A free-form kind (text, media by URL, file, audio) that also works on the official API: with a stored
 * template it sends the template (the job's media URL as its media header), with `openWindowsOnly` it skips
 * customers whose window is closed. On other connections the kind is unchanged.
 */
export const withOfficialApi = <P extends OfficialPayload>(
  kind: JobKindHandler<P>,
  headerMediaUrl?: (payload: P) => string | undefined,
): JobKindHandler<P> => ({
  ...kind,
  async skip(ctx: KindContext, recipient, payload) {
    if (payload.template || !payload.openWindowsOnly || !ctx.db || recipient.address.endsWith('@g.us')) return null
    const contact = await contactOf(ctx.db, digitsOnly(recipient.address.split('@')[0] ?? ''))
    const last = contact ? await lastCustomerMessageAt(ctx.db, contact.id, ctx.connectionId) : null
    return canSendFreeText(replyWindowState(ctx.driver.kind, last), false) ? null : 'windowClosed'
  },
  async prepare(ctx, payload) {
    if (!payload.template) await kind.prepare?.(ctx, payload)
  },
  async send(ctx, recipient, payload) {
    try {
      const { template } = payload
      if (!template) return await kind.send!(ctx, recipient, payload)
      if (!(ctx.driver instanceof CloudApiDriver)) throw new Error('ERR_NO_TEMPLATE_FOUND')
      const sent = await ctx.driver.sendTemplate(driverTarget(recipient.address), {
        name: template.name,
        language: template.language,
        parts: template.parts,
        values: await valuesFor(ctx.db, recipient, template),
        headerMediaUrl: headerMediaUrl?.(payload),
      })
      return { providerMessageId: sent.providerMessageId }
    } catch (error) {
      throw refusal(error)
    }
  },
  async conversationCopy(payload, ctx) {
    const { template } = payload
    if (!template) return kind.conversationCopy!(payload, ctx)
    const values = ctx.recipient ? await valuesFor(ctx.db, ctx.recipient, template) : {}
    return { body: templateText(template.parts, values), mediaType: 'chat' }
  },
})
