import { Box, useChakraContext } from '@chakra-ui/react'
import { useEffect, useMemo, useState } from 'react'
import { useElementWidth } from '../../../internal/useElementWidth'
import { BarTooltip, type BarTooltipProps } from './BarTooltip'
import { countTicks, hourLabel } from './chartScale'
import { type ChartColors, type Datum, MARGIN, Plot } from './HourlyPlot'

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

/** The bar chart, drawn in SVG with the Chakra tokens (so it follows the colour mode). Loaded on demand. */
export default function HourlyBars({ perHour, height, animate, label }: HourlyBarsProps) {
  const { token } = useChakraContext()
  const { ref, width } = useElementWidth<HTMLDivElement>()
  const [tooltip, setTooltip] = useState<BarTooltipProps | null>(null)
  const moving = animate && !prefersReducedMotion()
  // The bars start flat on the axis and grow once the browser has drawn them flat (a CSS transition).
  const [grown, setGrown] = useState(!moving)
  const drawn = width > 0
  useEffect(() => {
    if (grown || !drawn) return
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setGrown(true))
    })
    return () => cancelAnimationFrame(frame)
  }, [grown, drawn])

  const data = useMemo<Datum[]>(() => perHour.map((b) => ({ hour: hourLabel(b.hour), count: b.count })), [perHour])
  const ticks = countTicks(Math.max(0, ...perHour.map((b) => b.count)))
  const innerWidth = width - MARGIN.left - MARGIN.right
  // Every hour is labelled when there is room for "00:00" (about 44 px); every second, third … otherwise.
  const hourStep = Math.max(1, Math.ceil(44 / Math.max(1, innerWidth / 24)))
  const colors = useMemo<ChartColors>(() => {
    const v = (path: string) => token.var(`colors.${path}`)
    return {
      bar: v('brand.solid'),
      barLabel: v('brand.contrast'),
      text: v('fg.muted'),
      axis: v('border'),
      grid: v('border.muted'),
    }
  }, [token])
  return (
    <Box ref={ref} position="relative" width="full" height={`${height}px`}>
      {drawn && (
        <Plot
          data={data}
          width={width}
          height={height}
          ticks={ticks}
          hourStep={hourStep}
          colors={colors}
          label={label}
          grown={grown}
          moving={moving}
          onPoint={setTooltip}
        />
      )}
      {tooltip && <BarTooltip {...tooltip} />}
    </Box>
  )
}
