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

/** Bars side by side across `width` px: where each starts and how wide they are. */
export interface BandScale {
  /** The left edge of the bar at `index`, in px. */
  x: (index: number) => number
  bandwidth: number
}

/**
 * `count` bands across `width` px with equal inner and outer padding (a fraction of a step), as d3's band
 * scale places them: step = width / (count + padding), the first band starts one padding in.
 */
export const bandScale = (count: number, width: number, padding: number): BandScale => {
  const step = Math.max(0, width) / (count + padding)
  return { x: (index) => step * (padding + index), bandwidth: step * (1 - padding) }
}

/** Counts from 0 to `top` onto `height` px, 0 at the bottom. */
export const countScale =
  (top: number, height: number) =>
  (count: number): number =>
    top > 0 ? height - (count / top) * height : height

/** Whole-number ticks from 0, about four of them, reaching at least `max` (and 4 when it is 0). */
export const countTicks = (max: number): number[] => {
  const step = Math.max(1, Math.ceil(Math.max(max, 4) / 4))
  const ticks = [0]
  while (ticks[ticks.length - 1] < max || ticks.length < 5) ticks.push(ticks[ticks.length - 1] + step)
  return ticks
}

/** `7` → `07:00`. */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`
