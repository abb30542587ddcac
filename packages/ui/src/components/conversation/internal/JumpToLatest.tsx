import { Button, IconButton } from '@chakra-ui/react'
import { LuArrowDown } from 'react-icons/lu'
import { useT } from '../../../internal/useT'

export interface JumpToLatestProps {
  /** Messages that arrived while the reader was up the list. */
  unseen: number
  onJump: () => void
}

/**
 * The floating button over the bottom of the list: "N new messages ↓" once messages arrived while the reader
 * was up the list, else a plain arrow. Either brings the newest message into view.
 */
export function JumpToLatest({ unseen, onJump }: JumpToLatestProps) {
  const t = useT()
  const place = { position: 'absolute', insetEnd: '4', bottom: '4', boxShadow: 'md', borderRadius: 'full' } as const
  if (unseen > 0) {
    return (
      <Button
        {...place}
        size="sm"
        variant="solid"
        aria-label={t('conversation.jumpToNew', { count: unseen })}
        onClick={onJump}
      >
        {t('conversation.newMessages', { count: unseen })}
        <LuArrowDown />
      </Button>
    )
  }
  return (
    <IconButton
      {...place}
      size="sm"
      variant="surface"
      colorPalette="gray"
      aria-label={t('conversation.jumpToLatest')}
      onClick={onJump}
    >
      <LuArrowDown />
    </IconButton>
  )
}
