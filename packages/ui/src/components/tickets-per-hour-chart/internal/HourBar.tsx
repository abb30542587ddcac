import type { CSSProperties, PointerEvent } from 'react'

/** One hour's bar, placed by the chart's scales (px inside the plot). */
export interface HourBarDatum {
  index: number
  hour: string
  count: number
  x: number
  y: number
  width: number
  height: number
}

export interface HourBarProps {
  bar: HourBarDatum
  color: string
  labelColor: string
  showLabel: boolean
  /** Shown at its full height; a bar not grown yet lies flat on the axis (its label hidden). */
  grown: boolean
  /** How the bar gets to its place: a CSS transition, or none. */
  transition: string | undefined
  onPoint: (event: PointerEvent<SVGRectElement>, bar: HourBarDatum) => void
  onLeave: () => void
}

const BORDER_RADIUS = 3

/** A bar with its count: it grows from the axis (a CSS transition of its scale), its label fades in. */
export function HourBar({ bar, color, labelColor, showLabel, grown, transition, onPoint, onLeave }: HourBarProps) {
  const point = (event: PointerEvent<SVGRectElement>) => onPoint(event, bar)
  // Scaled from the bar's own bottom edge, the axis.
  const grow: CSSProperties = {
    transform: grown ? 'none' : 'scaleY(0)',
    transformBox: 'fill-box',
    transformOrigin: 'center bottom',
    transition: transition && `transform ${transition}`,
  }
  return (
    <g style={grow}>
      <rect
        x={bar.x}
        y={bar.y}
        width={bar.width}
        height={bar.height}
        rx={BORDER_RADIUS}
        ry={BORDER_RADIUS}
        // The height follows the data with the same transition as the growth (where the browser animates SVG
        // geometry in CSS; elsewhere the attributes place it at once).
        style={{
          fill: color,
          y: bar.y,
          height: bar.height,
          transition: transition && `y ${transition}, height ${transition}`,
        }}
        onPointerEnter={point}
        onPointerMove={point}
        onPointerLeave={onLeave}
        data-testid={`bar.item.count.${bar.index}`}
      />
      {showLabel && (
        <text
          x={bar.x + bar.width / 2}
          y={bar.y + bar.height / 2}
          textAnchor="middle"
          dominantBaseline="central"
          style={{
            fill: labelColor,
            fontFamily: 'inherit',
            fontSize: 12,
            fontWeight: 600,
            pointerEvents: 'none',
            opacity: grown ? 1 : 0,
            transition: transition && `opacity ${transition}`,
          }}
        >
          {bar.count}
        </text>
      )}
    </g>
  )
}
