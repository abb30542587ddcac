import type { WidgetMessage, WidgetSendRequest } from '@desk/api-client'
import type { z } from 'zod'
import type { Upload } from '../messages/service'
import { QuotaExceededError, type UploadParties, type UploadQuota } from '../rate-limits/quota'
import type { WidgetCaller } from './caller'

type SendInput = z.output<typeof WidgetSendRequest>
/** Reads the request's files, stopping at `budget` bytes (throwing `over()` past it). */
export type UploadReader = (budget: {
  bytes: number
  over: () => Error
}) => Promise<{ input: SendInput; files: Upload[] }>

/**
 * A send with files from a widget session. A visitor's files count against the upload quotas (per
 * visitor, per address, per connection; `../rate-limits/quota`): the reader stops at what is left,
 * the bytes are claimed before anything is stored, and given back if the send fails; past a quota
 * nothing is stored (429 `ERR_WIDGET_QUOTA_EXCEEDED`). Agent mode is a desk user's send, unmetered.
 */
export const createWidgetUploads =
  (quota: UploadQuota, send: (caller: WidgetCaller, input: SendInput, files: Upload[]) => Promise<WidgetMessage>) =>
  async (caller: WidgetCaller, ip: string, read: UploadReader): Promise<WidgetMessage> => {
    if (caller.mode !== 'customer') {
      const { input, files } = await read({ bytes: Number.POSITIVE_INFINITY, over: () => new Error() })
      return send(caller, input, files)
    }
    const parties: UploadParties = { visitor: caller.visitor, ip, connectionId: caller.connection.id }
    const bytes = await quota.budget(parties)
    const { input, files } = await read({ bytes, over: () => new QuotaExceededError(0) }).catch(async (error) => {
      if (error instanceof QuotaExceededError) throw new QuotaExceededError(await quota.retryAfter(parties))
      throw error
    })
    const size = files.reduce((sum, f) => sum + f.data.length, 0)
    await quota.claim(parties, size)
    try {
      return await send(caller, input, files)
    } catch (error) {
      await quota.release(parties, size)
      throw error
    }
  }
