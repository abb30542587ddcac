import { describe, expect, it } from 'vitest'
import { BAR_SIZE, bandPadding, bandScale, countScale, countTicks, hourLabel } from './chartScale'

/** The bar width d3's band scale gives with equal inner and outer padding. */
const barWidth = (width: number, count: number, padding: number) => (width * (1 - padding)) / (count + padding)

describe('bandPadding', () => {
  it('makes 24 bars exactly 40 px wide when there is room', () => {
    for (const width of [1100, 1400, 2400]) {
      expect(barWidth(width, 24, bandPadding(width, 24))).toBeCloseTo(BAR_SIZE, 6)
    }
  })

  it('keeps a gap between bars when the room is short, so they get thinner instead', () => {
    expect(bandPadding(300, 24)).toBe(0.1)
    expect(barWidth(300, 24, bandPadding(300, 24))).toBeLessThan(BAR_SIZE)
  })

  it('never leaves the bars almost nothing on a very wide chart', () => {
    expect(bandPadding(100_000, 24)).toBe(0.9)
  })
})

describe('bandScale', () => {
  it('places bars with equal gaps between them and at both ends', () => {
    const bands = bandScale(24, 1100, bandPadding(1100, 24))
    expect(bands.bandwidth).toBeCloseTo(BAR_SIZE, 6)
    const gap = bands.x(1) - bands.x(0) - bands.bandwidth
    expect(bands.x(0)).toBeCloseTo(gap, 6)
    expect(1100 - (bands.x(23) + bands.bandwidth)).toBeCloseTo(gap, 6)
  })

  it('matches the width d3 gives a band scale with the same padding', () => {
    for (const width of [300, 700, 1100]) {
      const padding = bandPadding(width, 24)
      expect(bandScale(24, width, padding).bandwidth).toBeCloseTo(barWidth(width, 24, padding), 6)
    }
  })

  it('draws nothing when there is no room', () => {
    expect(bandScale(24, 0, 0.3).bandwidth).toBe(0)
  })
})

describe('countScale', () => {
  it('puts 0 on the bottom edge and the top tick on the top edge', () => {
    const y = countScale(16, 272)
    expect(y(0)).toBe(272)
    expect(y(16)).toBe(0)
    expect(y(4)).toBe(204)
  })
})

describe('countTicks', () => {
  it('counts in whole numbers from 0 up to at least the highest bar', () => {
    expect(countTicks(0)).toEqual([0, 1, 2, 3, 4])
    expect(countTicks(3)).toEqual([0, 1, 2, 3, 4])
    expect(countTicks(14)).toEqual([0, 4, 8, 12, 16])
    const ticks = countTicks(1001)
    expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(1001)
    expect(ticks.every(Number.isInteger)).toBe(true)
  })
})

describe('hourLabel', () => {
  it('writes hours as HH:00', () => {
    expect(hourLabel(0)).toBe('00:00')
    expect(hourLabel(9)).toBe('09:00')
    expect(hourLabel(23)).toBe('23:00')
  })
})
