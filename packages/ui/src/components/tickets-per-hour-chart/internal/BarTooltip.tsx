import { Box } from '@chakra-ui/react'
import type { ReactNode } from 'react'

export interface BarTooltipProps {
  /** The pointer's position in the chart, px. */
  x: number
  y: number
  children: ReactNode
}

/** What a bar holds, in a panel centred above the pointer. */
export function BarTooltip({ x, y, children }: BarTooltipProps) {
  return (
    <Box
      position="absolute"
      top="0"
      left="0"
      zIndex="10"
      pointerEvents="none"
      bg="bg.panel"
      color="fg"
      fontSize="13px"
      borderRadius="l2"
      boxShadow="md"
      padding="5px 9px"
      whiteSpace="pre"
      style={{ transform: `translate(calc(${x}px - 50%), calc(${y - 14}px - 100%))` }}
    >
      <Box paddingInline="2" paddingBlock="1">
        {children}
      </Box>
    </Box>
  )
}
