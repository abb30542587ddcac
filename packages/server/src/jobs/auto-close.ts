/**
 * Closes open tickets idle for longer than `hours`, every `intervalMs`, on the server (not in
 * a browser). Each close sends the connection's farewell. Returns a function that stops it.
 */
export const startAutoClose = (options: {
  hours: number
  intervalMs: number
  closeIdle: (hours: number) => Promise<number>
  log?: (error: unknown) => void
}): (() => void) => {
  if (!(options.hours > 0) || !(options.intervalMs > 0)) return () => {}
  let running = false
  const tick = async () => {
    if (running) return
    running = true
    try {
      await options.closeIdle(options.hours)
    } catch (error) {
      options.log?.(error)
    } finally {
      running = false
    }
  }
  const timer = setInterval(() => void tick(), options.intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
