import { IconButton, Menu } from '@chakra-ui/react'
import { LuSmile } from 'react-icons/lu'
import { UiPortal } from '../../../internal/portal'
import { useT } from '../../../internal/useT'

/** A small set of everyday emoji: enough for replies, with no picker library to ship. */
export const EMOJI = [
  '😀',
  '😃',
  '😄',
  '😁',
  '😅',
  '😂',
  '🙂',
  '😉',
  '😊',
  '😍',
  '😘',
  '😎',
  '🤔',
  '😐',
  '😕',
  '😢',
  '😭',
  '😡',
  '😱',
  '😴',
  '🙏',
  '👍',
  '👎',
  '👏',
  '👋',
  '🤝',
  '💪',
  '👀',
  '🎉',
  '❤️',
  '💔',
  '🔥',
  '✅',
  '❌',
  '⚠️',
  '⏳',
  '📦',
  '📞',
  '📍',
  '💬',
]

interface EmojiMenuProps {
  onPick: (emoji: string) => void
  disabled?: boolean
}

export function EmojiMenu({ onPick, disabled }: EmojiMenuProps) {
  const t = useT()
  return (
    <Menu.Root onSelect={({ value }) => onPick(value)} positioning={{ placement: 'top-start' }}>
      <Menu.Trigger asChild>
        <IconButton size="sm" variant="ghost" colorPalette="gray" aria-label={t('input.emoji')} disabled={disabled}>
          <LuSmile />
        </IconButton>
      </Menu.Trigger>
      <UiPortal>
        <Menu.Positioner>
          <Menu.Content display="grid" gridTemplateColumns="repeat(8, 2.25rem)" gap="0.5" padding="2">
            {EMOJI.map((emoji) => (
              <Menu.Item key={emoji} value={emoji} justifyContent="center" padding="1" textStyle="lg">
                {emoji}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </UiPortal>
    </Menu.Root>
  )
}
