import type { CSSProperties } from 'react'

/** Tick labels: the chart's text colour, the page's font at 12 px. */
const tickText = (fill: string): CSSProperties => ({ fill, fontFamily: 'inherit', fontSize: 12 })

export interface CountAxisProps {
  /** The counts labelled, with their place (px from the plot's top). */
  ticks: { value: number; y: number }[]
  height: number
  textColor: string
  lineColor: string
}

/** The count axis on the plot's left edge: its line and the counts 8 px to its left (no tick marks). */
export function CountAxis({ ticks, height, textColor, lineColor }: CountAxisProps) {
  return (
    <g>
      {ticks.map(({ value, y }) => (
        <text key={value} x={-8} y={y} textAnchor="end" dominantBaseline="central" style={tickText(textColor)}>
          {value}
        </text>
      ))}
      <line x1={0} x2={0} y1={0} y2={height} style={{ stroke: lineColor }} />
    </g>
  )
}

export interface HourAxisProps {
  /** The hours labelled, with their place (px from the plot's left: the middle of their bar). */
  ticks: { hour: string; x: number }[]
  /** Where the axis is (the plot's bottom), and how long. */
  y: number
  width: number
  textColor: string
  lineColor: string
}

const TICK_SIZE = 4
const TICK_PADDING = 6

/** The hour axis along the plot's bottom: a 4 px mark under each labelled bar, its hour below. */
export function HourAxis({ ticks, y, width, textColor, lineColor }: HourAxisProps) {
  return (
    <g transform={`translate(0, ${y})`}>
      {ticks.map(({ hour, x }) => (
        <g key={hour} transform={`translate(${x}, 0)`}>
          <line y2={TICK_SIZE} style={{ stroke: lineColor }} />
          <text
            y={TICK_SIZE + TICK_PADDING}
            textAnchor="middle"
            dominantBaseline="text-before-edge"
            style={tickText(textColor)}
          >
            {hour}
          </text>
        </g>
      ))}
      <line x2={width} style={{ stroke: lineColor }} />
    </g>
  )
}
