import { Box } from '@chakra-ui/react'
import { LuCheck, LuCheckCheck, LuClock } from 'react-icons/lu'
import { useT } from '../../../internal/useT'

const ICONS = [LuClock, LuCheck, LuCheckCheck, LuCheckCheck, LuCheckCheck]

/** 0 pending (clock), 1 sent (one check), 2 delivered (two checks), 3–4 read or played (two coloured checks). */
export function AckIcon({ ack }: { ack: number }) {
  const t = useT()
  const level = Math.min(Math.max(Math.trunc(ack), 0), 4) as 0 | 1 | 2 | 3 | 4
  const Icon = ICONS[level]
  return (
    <Box as="span" display="inline-flex" color={level >= 3 ? 'blue.fg' : 'fg.muted'} data-ack={level}>
      <Icon role="img" aria-label={t(`message.ack.${level}`)} />
    </Box>
  )
}
