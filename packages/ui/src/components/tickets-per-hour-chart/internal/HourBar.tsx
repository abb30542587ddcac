import { Text } from '@nivo/text'
import { useTheme } from '@nivo/theming'
import { useTooltip } from '@nivo/tooltip'
import { animated, type SpringValue, to } from '@react-spring/web'
import { createElement, type FunctionComponent, type MouseEvent } from 'react'

/** One hour's bar, placed by the chart's scales (px inside the plot). */
export interface HourBarDatum {
  key: string
  index: number
  hour: string
  count: number
  x: number
  y: number
  width: number
  height: number
}

/** Where a bar's spring is at: the bar grows from the axis, its label fades in. */
export interface HourBarStyle {
  transform: SpringValue<string>
  width: SpringValue<number>
  height: SpringValue<number>
  labelX: SpringValue<number>
  labelY: SpringValue<number>
  labelOpacity: SpringValue<number>
}

export interface HourBarProps {
  bar: HourBarDatum
  style: HourBarStyle
  color: string
  labelColor: string
  borderRadius: number
  showLabel: boolean
  tooltip: FunctionComponent<{ hour: string; count: number }>
}

/**
 * A bar with its count, drawn as nivo's `BarItem` draws one (nivo's text, theme, tooltip and motion): the
 * tooltip follows the pointer over the bar.
 */
export function HourBar({ bar, style, color, labelColor, borderRadius, showLabel, tooltip }: HourBarProps) {
  const theme = useTheme()
  const { showTooltipFromEvent, hideTooltip } = useTooltip()
  const showTip = (event: MouseEvent<SVGRectElement>) =>
    showTooltipFromEvent(createElement(tooltip, { hour: bar.hour, count: bar.count }), event)
  return (
    <animated.g transform={style.transform}>
      <animated.rect
        width={to(style.width, (value) => Math.max(value, 0))}
        height={to(style.height, (value) => Math.max(value, 0))}
        rx={borderRadius}
        ry={borderRadius}
        fill={color}
        strokeWidth={0}
        stroke={color}
        focusable={false}
        onMouseEnter={showTip}
        onMouseMove={showTip}
        onMouseLeave={hideTooltip}
        data-testid={`bar.item.count.${bar.index}`}
      />
      {showLabel && (
        <Text
          x={style.labelX}
          y={style.labelY}
          textAnchor="middle"
          dominantBaseline="central"
          fillOpacity={style.labelOpacity}
          style={{ ...theme.labels.text, pointerEvents: 'none', fill: labelColor }}
        >
          {String(bar.count)}
        </Text>
      )}
    </animated.g>
  )
}
