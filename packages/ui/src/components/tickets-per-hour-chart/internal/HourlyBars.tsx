import { Box, useChakraContext } from '@chakra-ui/react'
import { Container } from '@nivo/core'
import { useMemo } from 'react'
import { useElementWidth } from '../../../internal/useElementWidth'
import { countTicks, hourLabel } from './chartScale'
import { type Datum, MARGIN, Plot } from './HourlyPlot'

export interface HourlyBarsProps {
  perHour: { hour: number; count: number }[]
  height: number
  animate: boolean
  /** The accessible name of the chart. */
  label: string
}

/** A person who asked their system for less motion sees the bars in place at once. */
const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true

/** The nivo bar chart, themed with the Chakra tokens (so it follows the colour mode). Loaded on demand. */
export default function HourlyBars({ perHour, height, animate, label }: HourlyBarsProps) {
  const { token } = useChakraContext()
  const { ref, width } = useElementWidth<HTMLDivElement>()
  const data = useMemo<Datum[]>(() => perHour.map((b) => ({ hour: hourLabel(b.hour), count: b.count })), [perHour])
  const ticks = countTicks(Math.max(0, ...perHour.map((b) => b.count)))
  const innerWidth = width - MARGIN.left - MARGIN.right
  // Every hour is labelled when there is room for "00:00" (about 44 px); every second, third … otherwise.
  const hourStep = Math.max(1, Math.ceil(44 / Math.max(1, innerWidth / 24)))
  const hourTicks = hourStep === 1 ? undefined : data.filter((_, i) => i % hourStep === 0).map((d) => d.hour)
  const theme = useMemo(() => {
    const v = (path: string) => token.var(path)
    return {
      text: { fill: v('colors.fg.muted'), fontFamily: 'inherit', fontSize: 12 },
      axis: {
        domain: { line: { stroke: v('colors.border') } },
        ticks: { line: { stroke: v('colors.border') }, text: { fill: v('colors.fg.muted') } },
      },
      grid: { line: { stroke: v('colors.border.muted') } },
      labels: { text: { fontWeight: 600 } },
      tooltip: {
        container: {
          background: v('colors.bg.panel'),
          color: v('colors.fg'),
          fontSize: 13,
          borderRadius: v('radii.l2'),
          boxShadow: v('shadows.md'),
        },
      },
    }
  }, [token])
  return (
    <Box ref={ref} width="full" height={`${height}px`}>
      {width > 0 && (
        <Container animate={animate && !prefersReducedMotion()} isInteractive motionConfig="default" theme={theme}>
          <Plot
            data={data}
            width={width}
            height={height}
            ticks={ticks}
            hourTicks={hourTicks}
            color={token.var('colors.brand.solid')}
            labelColor={token.var('colors.brand.contrast')}
            label={label}
          />
        </Container>
      )}
    </Box>
  )
}
