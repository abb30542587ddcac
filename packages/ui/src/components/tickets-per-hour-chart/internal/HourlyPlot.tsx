import type { PointerEvent } from 'react'
import { CountAxis, HourAxis } from './Axes'
import type { BarTooltipProps } from './BarTooltip'
import { bandPadding, bandScale, countScale } from './chartScale'
import { HourBar, type HourBarDatum } from './HourBar'

export type Datum = { hour: string; count: number }

/** The chart's colours, as CSS values (the Chakra tokens' variables). */
export interface ChartColors {
  bar: string
  barLabel: string
  text: string
  axis: string
  grid: string
}

export const MARGIN = { top: 12, right: 8, bottom: 36, left: 40 }
/** Labels only bars that have room for them. */
const LABEL_MIN = { width: 20, height: 16 }
/** How bars grow into place and follow new counts. */
const TRANSITION = '0.5s cubic-bezier(0.33, 1, 0.68, 1)'

export interface PlotProps {
  data: Datum[]
  width: number
  height: number
  ticks: number[]
  /** Every how many hours the bottom axis labels one (1: every hour). */
  hourStep: number
  colors: ChartColors
  label: string
  /** The bars are at their full height (they start flat on the axis when they grow into place). */
  grown: boolean
  /** The bars move by CSS transitions. */
  moving: boolean
  onPoint: (tooltip: BarTooltipProps | null) => void
}

/** The bars over the count grid, with the count axis on the left and the hours below, in plain SVG. */
export function Plot({ data, width, height, ticks, hourStep, colors, label, grown, moving, onPoint }: PlotProps) {
  const innerWidth = width - MARGIN.left - MARGIN.right
  const innerHeight = height - MARGIN.top - MARGIN.bottom
  const x = bandScale(data.length, innerWidth, bandPadding(innerWidth, data.length))
  const y = countScale(ticks[ticks.length - 1], innerHeight)
  const bars: HourBarDatum[] =
    x.bandwidth > 0
      ? data.map((d, index) => ({
          index,
          hour: d.hour,
          count: d.count,
          x: x.x(index),
          y: y(d.count),
          width: x.bandwidth,
          height: innerHeight - y(d.count),
        }))
      : []

  const point = (event: PointerEvent<SVGRectElement>, bar: HourBarDatum) => {
    const box = (event.currentTarget.ownerSVGElement ?? event.currentTarget).getBoundingClientRect()
    onPoint({ hour: bar.hour, count: bar.count, x: event.clientX - box.left, y: event.clientY - box.top })
  }
  const hide = () => onPoint(null)
  return (
    <svg width={width} height={height} role="img" aria-label={label} style={{ display: 'block' }}>
      <g transform={`translate(${MARGIN.left}, ${MARGIN.top})`}>
        {ticks.map((tick) => (
          <line key={tick} x2={innerWidth} y1={y(tick)} y2={y(tick)} style={{ stroke: colors.grid }} />
        ))}
        <CountAxis
          ticks={ticks.map((value) => ({ value, y: y(value) }))}
          height={innerHeight}
          textColor={colors.text}
          lineColor={colors.axis}
        />
        <HourAxis
          ticks={data.flatMap((d, index) =>
            index % hourStep === 0 ? [{ hour: d.hour, x: x.x(index) + x.bandwidth / 2 }] : [],
          )}
          y={innerHeight}
          width={innerWidth}
          textColor={colors.text}
          lineColor={colors.axis}
        />
        {bars.map((bar) => (
          <HourBar
            key={bar.hour}
            bar={bar}
            color={colors.bar}
            labelColor={colors.barLabel}
            showLabel={bar.width >= LABEL_MIN.width && bar.height >= LABEL_MIN.height}
            grown={grown}
            transition={moving ? TRANSITION : undefined}
            onPoint={point}
            onLeave={hide}
          />
        ))}
      </g>
    </svg>
  )
}
