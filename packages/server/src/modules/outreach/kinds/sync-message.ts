import { z } from 'zod'
import type { OutreachInputs } from '../../outreach-inputs/service'
import type { JobKindHandler } from './types'

/** `syncMessage`: up to `limit` latest messages per conversation, of every chat or of one `contact` (digits). */
export const SyncMessagePayload = z.object({
  limit: z.number().int().min(1).max(1000),
  contact: z.custom<string>((v) => typeof v === 'string' && /^\d{1,40}$/.test(v)).optional(),
})
export type SyncMessagePayload = z.infer<typeof SyncMessagePayload>

/**
 * History import as a job (/ZDGHistorico): `total` is the number of conversations; each counts as
 * `sent` when it brought new messages and `skipped` when everything was imported before. The
 * import stores each network message once, so a run cut short (crash, pause) runs again from the
 * start without adding anything twice.
 */
export const createSyncMessageKind = (
  inputs: Pick<OutreachInputs, 'importHistory'>,
): JobKindHandler<SyncMessagePayload> => ({
  payload: SyncMessagePayload,
  async run({ connectionId }, { limit, contact }, progress) {
    let total = 0
    await inputs.importHistory(connectionId, { limit, contact }, async (p) => {
      // The driver's count, or (a driver that cannot count) the conversations read so far.
      if (p.total !== total) {
        total = p.total
        await progress.total(total)
      }
      await progress.item(p.last.imported > 0 ? 'sent' : 'skipped')
    })
  },
})
