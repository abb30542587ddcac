/** The spec's bar size, in px: bars never grow wider than this. */
export const BAR_SIZE = 40

/**
 * Band padding (0 to 1) that makes `count` bars `BAR_SIZE` wide across `width` px, or as close as
 * the room allows (at least 0.1, so neighbouring bars never touch).
 */
export const bandPadding = (width: number, count: number) => {
  if (width <= 0) return 0.3
  // d3's band scale with equal inner and outer padding p: bandwidth = width * (1 - p) / (count + p).
  const padding = (width - BAR_SIZE * count) / (width + BAR_SIZE)
  return Math.min(0.9, Math.max(0.1, padding))
}

/** Whole-number ticks from 0, about four of them, reaching at least `max` (and 4 when it is 0). */
export const countTicks = (max: number): number[] => {
  const step = Math.max(1, Math.ceil(Math.max(max, 4) / 4))
  const ticks = [0]
  while (ticks[ticks.length - 1] < max || ticks.length < 5) ticks.push(ticks[ticks.length - 1] + step)
  return ticks
}

/** `7` → `07:00`. */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`
