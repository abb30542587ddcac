import { Box } from '@chakra-ui/react'
import { useT } from '../../../internal/useT'

export interface BarTooltipProps {
  hour: string
  count: number
  /** The pointer, in px from the chart's top left corner. */
  x: number
  y: number
}

/** The offset between the pointer and the tooltip's bottom edge, in px. */
const OFFSET = 14

/** "09:00: 14 tickets" in a box centred above the pointer; CSS places it, so it needs no measuring. */
export function BarTooltip({ hour, count, x, y }: BarTooltipProps) {
  const t = useT()
  return (
    <Box
      position="absolute"
      top="0"
      left="0"
      zIndex="10"
      pointerEvents="none"
      whiteSpace="nowrap"
      bg="bg.panel"
      color="fg"
      fontSize="13px"
      borderRadius="l2"
      boxShadow="md"
      paddingInline="2.5"
      paddingBlock="1"
      style={{ transform: `translate(calc(${Math.round(x)}px - 50%), calc(${Math.round(y) - OFFSET}px - 100%))` }}
    >
      {t('dashboard.barLabel', { name: hour, count })}
    </Box>
  )
}
