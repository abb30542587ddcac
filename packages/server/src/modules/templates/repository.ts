import { type MessageTemplate, type TemplateParts, withVariables } from '@desk/api-client'
import type { Db, Executor, MessageTemplatesTable } from '../../db'

/** Every query on message templates. */

type TemplateRow = Omit<MessageTemplatesTable, 'id'> & { id: number }

const partsOf = (raw: string): TemplateParts => {
  try {
    return JSON.parse(raw) as TemplateParts
  } catch {
    return { header: null, body: '', footer: null, buttons: [] }
  }
}

export const toTemplate = (row: TemplateRow): MessageTemplate => ({
  id: row.id,
  connectionId: row.whatsappId,
  name: row.name,
  language: row.language,
  category: row.category,
  status: row.status,
  reason: row.reason,
  ...withVariables(partsOf(row.components)),
  updatedAt: row.updatedAt,
})

export const listTemplateRows = (
  db: Executor,
  filter: { connectionId?: number; approvedOnly?: boolean; connectionIds?: number[] },
) => {
  let query = db.selectFrom('message_templates').selectAll()
  if (filter.connectionId !== undefined) query = query.where('whatsappId', '=', filter.connectionId)
  if (filter.connectionIds)
    query = query.where('whatsappId', 'in', filter.connectionIds.length ? filter.connectionIds : [-1])
  if (filter.approvedOnly) query = query.where('status', '=', 'APPROVED')
  return query.orderBy('name').orderBy('language').orderBy('id').execute() as Promise<TemplateRow[]>
}

export const findTemplateRow = (db: Executor, id: number) =>
  db.selectFrom('message_templates').selectAll().where('id', '=', id).executeTakeFirst() as Promise<
    TemplateRow | undefined
  >

export interface SyncedTemplate {
  providerId: string | null
  name: string
  language: string
  category: string
  status: string
  reason: string | null
  parts: TemplateParts
}

/**
 * Makes the stored templates of a connection what the Graph API listed: new ones added, known ones (by
 * name and language) updated, those no longer listed removed. One transaction.
 */
export const replaceTemplates = (db: Db, connectionId: number, templates: SyncedTemplate[], now: string) =>
  db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('message_templates')
      .select(['id', 'name', 'language'])
      .where('whatsappId', '=', connectionId)
      .execute()
    const byKey = new Map(existing.map((r) => [`${r.name}\n${r.language}`, r.id]))
    const kept = new Set<number>()
    for (const t of templates) {
      const values = {
        providerId: t.providerId,
        category: t.category,
        status: t.status,
        reason: t.reason,
        components: JSON.stringify(t.parts),
        updatedAt: now,
      }
      const id = byKey.get(`${t.name}\n${t.language}`)
      if (id !== undefined) {
        kept.add(id)
        await trx.updateTable('message_templates').set(values).where('id', '=', id).execute()
      } else {
        await trx
          .insertInto('message_templates')
          .values({ ...values, whatsappId: connectionId, name: t.name, language: t.language, createdAt: now })
          .execute()
      }
    }
    const gone = existing.map((r) => r.id).filter((id) => !kept.has(id))
    if (gone.length) await trx.deleteFrom('message_templates').where('id', 'in', gone).execute()
  })

/** A status the webhook reported, on the template with that Graph id (else that name and language). */
export const setTemplateStatus = async (
  db: Executor,
  connectionId: number,
  match: { providerId: string; name?: string; language?: string },
  status: string,
  reason: string | null,
  now: string,
): Promise<number> => {
  const byId = await db
    .updateTable('message_templates')
    .set({ status, reason, updatedAt: now })
    .where('whatsappId', '=', connectionId)
    .where('providerId', '=', match.providerId)
    .executeTakeFirst()
  if (Number(byId.numUpdatedRows) > 0 || !match.name || !match.language) return Number(byId.numUpdatedRows)
  const byName = await db
    .updateTable('message_templates')
    .set({ status, reason, updatedAt: now, providerId: match.providerId })
    .where('whatsappId', '=', connectionId)
    .where('name', '=', match.name)
    .where('language', '=', match.language)
    .executeTakeFirst()
  return Number(byName.numUpdatedRows)
}
