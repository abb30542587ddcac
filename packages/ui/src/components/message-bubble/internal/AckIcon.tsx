import { Box } from '@chakra-ui/react'
import { LuCheck, LuCheckCheck, LuClock } from 'react-icons/lu'
import { useT } from '../../../internal/useT'

const ICONS = [LuClock, LuCheck, LuCheckCheck, LuCheckCheck, LuCheckCheck]

/**
 * 0 pending (clock), 1 sent (one check), 2 delivered (two grey checks), 3–4 read or played (two blue checks,
 * drawn bolder, so they tell apart from delivered at a glance on the green bubble).
 */
export function AckIcon({ ack }: { ack: number }) {
  const t = useT()
  const level = Math.min(Math.max(Math.trunc(ack), 0), 4) as 0 | 1 | 2 | 3 | 4
  const Icon = ICONS[level]
  const read = level >= 3
  return (
    <Box as="span" display="inline-flex" color={read ? 'ack.read' : 'fg.muted'} data-ack={level}>
      <Icon role="img" aria-label={t(`message.ack.${level}`)} strokeWidth={read ? 3 : undefined} />
    </Box>
  )
}
