import { Box } from '@chakra-ui/react'
import { Axes, Grid } from '@nivo/axes'
import { SvgWrapper, useMotionConfig } from '@nivo/core'
import { computeScale, type ScaleBand, type ScaleLinear } from '@nivo/scales'
import { useTransition } from '@react-spring/web'
import { useMemo } from 'react'
import { useT } from '../../../internal/useT'
import { bandPadding } from './chartScale'
import { HourBar, type HourBarDatum, type HourBarStyle } from './HourBar'

export type Datum = { hour: string; count: number }

export const MARGIN = { top: 12, right: 8, bottom: 36, left: 40 }
const BORDER_RADIUS = 3
/** Labels only bars that have room for them. */
const LABEL_MIN = { width: 20, height: 16 }

function Tooltip({ hour, count }: { hour: string; count: number }) {
  const t = useT()
  return (
    <Box paddingInline="2" paddingBlock="1">
      {t('dashboard.barLabel', { name: hour, count })}
    </Box>
  )
}

export interface PlotProps {
  data: Datum[]
  width: number
  height: number
  ticks: number[]
  hourTicks: string[] | undefined
  color: string
  labelColor: string
  label: string
}

/**
 * The bars over nivo's grid and axes, placed by nivo's scales, grown by nivo's motion settings: what
 * `@nivo/bar`'s `Bar` drew for this one series, without the legends, annotations, totals, canvas renderer
 * and colour schemes that package brings along.
 */
export function Plot({ data, width, height, ticks, hourTicks, color, labelColor, label }: PlotProps) {
  const { animate, config } = useMotionConfig()
  const innerWidth = width - MARGIN.left - MARGIN.right
  const innerHeight = height - MARGIN.top - MARGIN.bottom
  const { xScale, yScale, bars } = useMemo(() => {
    const counts = data.map((d) => d.count)
    const x = (
      computeScale(
        { type: 'band', round: false },
        { all: data.map((d) => d.hour), min: 0, max: 0 },
        innerWidth,
        'x',
      ) as ScaleBand<string>
    ).padding(bandPadding(innerWidth, 24))
    const y = computeScale(
      { type: 'linear', min: 0, max: ticks[ticks.length - 1] },
      { all: [0, ...counts], min: 0, max: Math.max(0, ...counts) },
      innerHeight,
      'y',
    ) as ScaleLinear<number>
    const width = x.bandwidth()
    const placed: HourBarDatum[] =
      width > 0
        ? data.map((d, index) => {
            const top = y(d.count) ?? 0
            return {
              key: `count.${d.hour}`,
              index,
              hour: d.hour,
              count: d.count,
              x: x(d.hour) ?? 0,
              y: top,
              width,
              height: (y(0) ?? 0) - top,
            }
          })
        : []
    return { xScale: x, yScale: y, bars: placed }
  }, [data, innerWidth, innerHeight, ticks])

  const at = (bar: HourBarDatum, grown: boolean) => ({
    width: bar.width,
    height: grown ? bar.height : 0,
    labelX: bar.width / 2,
    labelY: bar.height / 2,
    labelOpacity: grown ? 1 : 0,
    transform: `translate(${bar.x}, ${grown ? bar.y : bar.y + bar.height})`,
  })
  const transition = useTransition(bars, {
    keys: (bar) => bar.key,
    from: (bar) => at(bar, false),
    enter: (bar) => at(bar, true),
    update: (bar) => at(bar, true),
    leave: (bar) => ({ ...at(bar, false), labelY: 0 }),
    config,
    immediate: !animate,
    initial: animate ? undefined : null,
  })

  return (
    <SvgWrapper
      width={width}
      height={height}
      margin={MARGIN}
      defs={[]}
      role="img"
      ariaLabel={label}
      isFocusable={false}
    >
      <Grid width={innerWidth} height={innerHeight} xScale={null} yScale={yScale} yValues={ticks} />
      <Axes
        xScale={xScale}
        yScale={yScale}
        width={innerWidth}
        height={innerHeight}
        left={{ tickValues: ticks, tickSize: 0, tickPadding: 8 }}
        bottom={{ tickValues: hourTicks, tickSize: 4, tickPadding: 6 }}
      />
      {transition((style, bar) => (
        <HourBar
          bar={bar}
          style={style as unknown as HourBarStyle}
          color={color}
          labelColor={labelColor}
          borderRadius={BORDER_RADIUS}
          showLabel={bar.width >= LABEL_MIN.width && bar.height >= LABEL_MIN.height}
          tooltip={Tooltip}
        />
      ))}
    </SvgWrapper>
  )
}
