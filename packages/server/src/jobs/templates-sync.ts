import type { DurableWork } from './runtime'

export const TEMPLATES_SYNC_KIND = 'templates-sync'

/**
 * Reads every Cloud API connection's message templates again every `intervalMs` (a recurring kind on the
 * durable runtime: one process reads per period however many run), besides the refresh button and the
 * status webhook. Nothing is scheduled when the interval is 0. Register before the runtime starts.
 */
export const scheduleTemplatesSync = async (
  work: DurableWork,
  options: { intervalMs: number; syncAll: () => Promise<void> },
): Promise<void> => {
  if (!(options.intervalMs > 0)) return
  work.register({ kind: TEMPLATES_SYNC_KIND, step: options.syncAll })
  await work.every(TEMPLATES_SYNC_KIND, options.intervalMs)
}
