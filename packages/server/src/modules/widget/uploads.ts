import type { WidgetMessage, WidgetSendRequest } from '@desk/api-client'
import type { z } from 'zod'
import type { UploadBudget } from '../messages/routes'
import type { Upload } from '../messages/service'
import { QuotaExceededError, type UploadParties, type UploadQuota } from '../rate-limits/quota'
import type { WidgetCaller } from './caller'

type SendInput = z.output<typeof WidgetSendRequest>
/** Reads the request's files within a budget. */
export type UploadReader = (budget: UploadBudget) => Promise<{ input: SendInput; files: Upload[] }>

/**
 * A send with files from a widget session. A visitor's files count against the upload quotas (per
 * visitor, per address, per connection; `../rate-limits/quota`): the reader stops at what is left,
 * the bytes are claimed before anything is stored, and given back if the send fails; past a quota
 * nothing is stored (429 `ERR_WIDGET_QUOTA_EXCEEDED`). A retry of a stored send (its `clientId`, sent
 * before the files as the frame does) answers the stored message, storing and counting nothing. Agent mode is a desk user's send, unmetered.
 */
export const createWidgetUploads =
  (
    quota: UploadQuota,
    send: (caller: WidgetCaller, input: SendInput, files: Upload[]) => Promise<WidgetMessage>,
    /** The message a retried send stored before (the answer: nothing more is stored, nothing counted). */
    sentBefore: (caller: WidgetCaller & { mode: 'customer' }, clientId: string) => Promise<WidgetMessage | undefined>,
  ) =>
  async (caller: WidgetCaller, ip: string, read: UploadReader): Promise<WidgetMessage> => {
    if (caller.mode !== 'customer') {
      const { input, files } = await read({ left: async () => Number.POSITIVE_INFINITY, over: () => new Error() })
      return send(caller, input, files)
    }
    const parties: UploadParties = { visitor: caller.visitor, ip, connectionId: caller.connection.id }
    let stored: WidgetMessage | undefined
    const left = async (fields: Record<string, unknown>) => {
      const clientId = fields.clientId
      stored = typeof clientId === 'string' ? await sentBefore(caller, clientId) : undefined
      return stored ? Number.POSITIVE_INFINITY : quota.budget(parties)
    }
    const { input, files } = await read({ left, over: () => new QuotaExceededError(0) }).catch(async (error) => {
      if (error instanceof QuotaExceededError) throw new QuotaExceededError(await quota.retryAfter(parties))
      throw error
    })
    stored ??= await sentBefore(caller, input.clientId)
    if (stored) return stored
    const size = files.reduce((sum, f) => sum + f.data.length, 0)
    await quota.claim(parties, size)
    try {
      return await send(caller, input, files)
    } catch (error) {
      await quota.release(parties, size)
      throw error
    }
  }
