import { Box, useChakraContext } from '@chakra-ui/react'
import { type MouseEvent, useLayoutEffect, useRef, useState } from 'react'
import { useElementWidth } from '../../../internal/useElementWidth'
import { useT } from '../../../internal/useT'
import { BarTooltip } from './BarTooltip'
import { bandScale, countTicks, hourLabel } from './chartScale'

export interface HourlyBarsProps {
  perHour: { hour: number; count: number }[]
  height: number
  animate: boolean
  /** The accessible name of the chart. */
  label: string
}

const MARGIN = { top: 12, right: 8, bottom: 36, left: 40 }
/** A bar's count is written on it when the bar is at least this wide and tall (px). */
const LABEL_MIN = { width: 20, height: 16 }
/** Hour labels need about this much room ("00:00"); with less, every second, third … hour is labelled. */
const HOUR_LABEL_WIDTH = 44

/** A person who asked their system for less motion sees the bars in place at once. */
const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true

/** The bar chart of tickets per hour, drawn as SVG with the Chakra tokens (so it follows the colour mode). */
export function HourlyBars({ perHour, height, animate, label }: HourlyBarsProps) {
  const t = useT()
  const v = useChakraContext().token.var
  const { ref, width } = useElementWidth<HTMLDivElement>()
  const bars = useRef<SVGGElement>(null)
  const [hovered, setHovered] = useState<{ index: number; x: number; y: number } | null>(null)
  const innerWidth = width - MARGIN.left - MARGIN.right
  const innerHeight = height - MARGIN.top - MARGIN.bottom
  const ticks = countTicks(Math.max(0, ...perHour.map((b) => b.count)))
  const top = ticks[ticks.length - 1]
  const y = (count: number) => innerHeight * (1 - count / top)
  const band = bandScale(innerWidth, perHour.length)
  const hourStep = Math.max(1, Math.ceil(HOUR_LABEL_WIDTH / Math.max(1, innerWidth / 24)))
  const border = { stroke: v('colors.border'), strokeWidth: 1 }
  const text = { fontFamily: 'inherit', fontSize: '12px', fill: v('colors.fg.muted') }

  const drawn = width > 0
  // The bars grow into place once, when the chart first draws.
  useLayoutEffect(() => {
    if (!drawn || !animate || prefersReducedMotion() || !bars.current?.animate) return
    for (const rect of bars.current.querySelectorAll('rect'))
      rect.animate([{ transform: 'scaleY(0)' }, { transform: 'scaleY(1)' }], { duration: 400, easing: 'ease-out' })
  }, [animate, drawn])

  const follow = (event: MouseEvent<SVGGElement>) => {
    const index = Number((event.target as Element).getAttribute('data-index') ?? Number.NaN)
    const box = event.currentTarget.closest('svg')?.getBoundingClientRect()
    setHovered(box && index >= 0 ? { index, x: event.clientX - box.left, y: event.clientY - box.top } : null)
  }
  const shown = hovered && perHour[hovered.index]
  return (
    <Box ref={ref} width="full" height={`${height}px`}>
      {drawn && (
        <div style={{ position: 'relative' }}>
          <svg
            xmlns="http://www.w3.org/2000/svg"
            width={width}
            height={height}
            role="img"
            aria-label={label}
            focusable="false"
          >
            <rect width={width} height={height} fill="transparent" />
            <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
              <g>
                {ticks.map((tick) => (
                  <line
                    key={tick}
                    x1={0}
                    x2={innerWidth}
                    y1={y(tick)}
                    y2={y(tick)}
                    stroke={v('colors.border.muted')}
                    strokeWidth={1}
                  />
                ))}
              </g>
              <g transform={`translate(0,${innerHeight})`}>
                {perHour.map((bucket, i) =>
                  i % hourStep ? null : (
                    <g key={bucket.hour} transform={`translate(${band.start + band.step * i + band.width / 2},0)`}>
                      <line x1={0} x2={0} y1={0} y2={4} style={border} />
                      <text
                        dominantBaseline="text-before-edge"
                        textAnchor="middle"
                        transform="translate(0,10)"
                        style={text}
                      >
                        {hourLabel(bucket.hour)}
                      </text>
                    </g>
                  ),
                )}
                <line x1={0} x2={innerWidth} y1={0} y2={0} style={border} />
              </g>
              <g>
                {ticks.map((tick) => (
                  <text
                    key={tick}
                    dominantBaseline="central"
                    textAnchor="end"
                    transform={`translate(-8,${y(tick)})`}
                    style={text}
                  >
                    {tick}
                  </text>
                ))}
                <line x1={0} x2={0} y1={0} y2={innerHeight} style={border} />
              </g>
              {/* biome-ignore lint/a11y/noStaticElementInteractions: the pointer's tooltip repeats the figures of the table that screen readers read */}
              <g ref={bars} onMouseMove={follow} onMouseLeave={() => setHovered(null)}>
                {perHour.map((bucket, i) => {
                  const barHeight = innerHeight - y(bucket.count)
                  const labelled = band.width >= LABEL_MIN.width && barHeight >= LABEL_MIN.height
                  return (
                    <g key={bucket.hour} transform={`translate(${band.start + band.step * i}, ${y(bucket.count)})`}>
                      <rect
                        width={band.width}
                        height={barHeight}
                        rx={3}
                        ry={3}
                        fill={v('colors.brand.solid')}
                        strokeWidth={0}
                        style={{ transformBox: 'fill-box', transformOrigin: 'bottom' }}
                        data-index={i}
                      />
                      {labelled && (
                        <text
                          x={band.width / 2}
                          y={barHeight / 2}
                          textAnchor="middle"
                          dominantBaseline="central"
                          style={{ ...text, fill: v('colors.brand.contrast'), fontWeight: 600, pointerEvents: 'none' }}
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
          {hovered && shown && (
            <BarTooltip x={hovered.x} y={hovered.y}>
              {t('dashboard.barLabel', { name: hourLabel(shown.hour), count: shown.count })}
            </BarTooltip>
          )}
        </div>
      )}
    </Box>
  )
}
