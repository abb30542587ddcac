import type { DurableWork } from './runtime'

export const AUTO_CLOSE_KIND = 'auto-close'

/**
 * Closes open tickets idle for longer than `hours`, every `intervalMs`, on the server (not in a
 * browser): a recurring kind on the durable runtime, so one process closes per period however many
 * run. Each close sends the connection's farewell. Nothing is scheduled when either value is 0.
 * Register before the runtime starts.
 */
export const scheduleAutoClose = async (
  work: DurableWork,
  options: { hours: number; intervalMs: number; closeIdle: (hours: number) => Promise<number> },
): Promise<void> => {
  if (!(options.hours > 0) || !(options.intervalMs > 0)) return
  work.register({
    kind: AUTO_CLOSE_KIND,
    step: async () => {
      await options.closeIdle(options.hours)
    },
  })
  await work.every(AUTO_CLOSE_KIND, options.intervalMs)
}
