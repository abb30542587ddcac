import { Box, useChakraContext } from '@chakra-ui/react'
import { useState } from 'react'
import { useT } from '../../../internal/useT'
import { bandPadding, countTicks, hourLabel } from './chartScale'
import { useElementWidth } from './useElementWidth'
import { useGrowIn } from './useGrowIn'

export interface HourlyBarsProps {
  perHour: { hour: number; count: number }[]
  height: number
  animate: boolean
  /** The accessible name of the chart. */
  label: string
}

const MARGIN = { top: 12, right: 8, bottom: 36, left: 40 }
/** A bar's count is written inside it when the bar is at least this tall and wide (px). */
const LABEL_MIN = { height: 16, width: 20 }
const FONT = { fontFamily: 'inherit', fontSize: 12 }

/**
 * Bars of the tickets created in each hour, drawn as plain SVG with the Chakra tokens (so they follow the
 * colour mode): a band scale whose bars are 40 px wide when there is room, whole-number ticks from 0, the
 * count inside each bar tall enough for it, and the hour and count over the bar under the pointer.
 */
export default function HourlyBars({ perHour, height, animate, label }: HourlyBarsProps) {
  const t = useT()
  const { token } = useChakraContext()
  const v = (path: string) => token.var(path)
  const { ref, width } = useElementWidth<HTMLDivElement>()
  const [hovered, setHovered] = useState<number | null>(null)
  const plot = useGrowIn<SVGGElement>(animate && width > 0)

  const ticks = countTicks(Math.max(0, ...perHour.map((b) => b.count)))
  const max = ticks[ticks.length - 1]
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right)
  const innerHeight = Math.max(0, height - MARGIN.top - MARGIN.bottom)
  // A band scale with equal inner and outer padding, as the bar size rule in chartScale assumes.
  const padding = bandPadding(innerWidth, perHour.length)
  const step = innerWidth / (perHour.length + padding)
  const barWidth = step * (1 - padding)
  const xOf = (i: number) => step * padding + i * step
  const yOf = (count: number) => innerHeight - (count / max) * innerHeight
  // Every hour is labelled when there is room for "00:00" (about 44 px); every second, third … otherwise.
  const hourStep = Math.max(1, Math.ceil(44 / Math.max(1, innerWidth / 24)))
  const active = hovered === null ? undefined : perHour[hovered]

  return (
    <Box ref={ref} width="full" height={`${height}px`} position="relative">
      {width > 0 && (
        <svg width={width} height={height} role="img" aria-label={label}>
          <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
            {ticks.map((tick) => (
              <line key={tick} x1={0} x2={innerWidth} y1={yOf(tick)} y2={yOf(tick)} stroke={v('colors.border.muted')} />
            ))}
            <g>
              <line x1={0} x2={0} y1={0} y2={innerHeight} stroke={v('colors.border')} />
              {ticks.map((tick) => (
                <text
                  key={tick}
                  x={-8}
                  y={yOf(tick)}
                  textAnchor="end"
                  dominantBaseline="central"
                  style={{ ...FONT, fill: v('colors.fg.muted') }}
                >
                  {tick}
                </text>
              ))}
            </g>
            <g transform={`translate(0,${innerHeight})`}>
              <line x1={0} x2={innerWidth} y1={0} y2={0} stroke={v('colors.border')} />
              {perHour.map((bucket, i) =>
                i % hourStep === 0 ? (
                  <g key={bucket.hour} transform={`translate(${xOf(i) + barWidth / 2},0)`}>
                    <line y2={4} stroke={v('colors.border')} />
                    <text
                      y={10}
                      textAnchor="middle"
                      dominantBaseline="text-before-edge"
                      style={{ ...FONT, fill: v('colors.fg.muted') }}
                    >
                      {hourLabel(bucket.hour)}
                    </text>
                  </g>
                ) : null,
              )}
            </g>
            <g ref={plot}>
              {perHour.map((bucket, i) => {
                const y = yOf(bucket.count)
                const barHeight = innerHeight - y
                return (
                  // biome-ignore lint/a11y/noStaticElementInteractions: the pointer's tooltip only repeats the table read to screen readers.
                  <g
                    key={bucket.hour}
                    transform={`translate(${xOf(i)},${y})`}
                    onMouseEnter={() => setHovered(i)}
                    onMouseLeave={() => setHovered((current) => (current === i ? null : current))}
                  >
                    <rect width={barWidth} height={barHeight} rx={3} ry={3} style={{ fill: v('colors.brand.solid') }} />
                    {barHeight >= LABEL_MIN.height && barWidth >= LABEL_MIN.width && (
                      <text
                        x={barWidth / 2}
                        y={barHeight / 2}
                        textAnchor="middle"
                        dominantBaseline="central"
                        style={{ ...FONT, fontWeight: 600, fill: v('colors.brand.contrast'), pointerEvents: 'none' }}
                      >
                        {bucket.count}
                      </text>
                    )}
                  </g>
                )
              })}
            </g>
          </g>
        </svg>
      )}
      {active && hovered !== null && (
        <Box
          position="absolute"
          pointerEvents="none"
          left={`${MARGIN.left + xOf(hovered) + barWidth / 2}px`}
          top={`${MARGIN.top + yOf(active.count)}px`}
          transform="translate(-50%, calc(-100% - 8px))"
          whiteSpace="nowrap"
          bg="bg.panel"
          color="fg"
          fontSize="13px"
          borderRadius="l2"
          boxShadow="md"
          paddingInline="2"
          paddingBlock="1"
        >
          {t('dashboard.barLabel', { name: hourLabel(active.hour), count: active.count })}
        </Box>
      )}
    </Box>
  )
}
