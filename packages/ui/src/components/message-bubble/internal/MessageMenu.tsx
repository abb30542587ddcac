import { IconButton, Menu } from '@chakra-ui/react'
import { LuChevronDown, LuReply, LuTrash2 } from 'react-icons/lu'
import { UiPortal } from '../../../internal/portal'
import { useT } from '../../../internal/useT'

interface MessageMenuProps {
  messageId: number | string
  /** Own messages can be deleted; the item is disabled once deleted. */
  canDelete: boolean
  isDeleted: boolean
  onReply?: () => void
  onDelete?: () => void
}

/**
 * Hidden until the bubble is hovered or holds the focus; it stays in the tab order, so Tab reaches it and
 * shows it. Devices without hover (touch screens) always show it, and so does an open menu.
 */
const revealOnHover = {
  opacity: 0,
  '[data-message-bubble]:is(:hover, :focus-within) &, &[data-state=open]': { opacity: 1 },
  '@media (hover: none)': { opacity: 1 },
}

/** The options of one message: reply, and delete for own messages. */
export function MessageMenu({ messageId, canDelete, isDeleted, onReply, onDelete }: MessageMenuProps) {
  const t = useT()
  return (
    <Menu.Root id={`message-${messageId}`} onSelect={({ value }) => (value === 'delete' ? onDelete?.() : onReply?.())}>
      <Menu.Trigger asChild>
        <IconButton
          size="2xs"
          variant="ghost"
          colorPalette="gray"
          aria-label={t('message.options')}
          css={revealOnHover}
        >
          <LuChevronDown />
        </IconButton>
      </Menu.Trigger>
      <UiPortal>
        <Menu.Positioner>
          <Menu.Content minWidth="36">
            <Menu.Item value="reply">
              <LuReply aria-hidden />
              {t('message.reply')}
            </Menu.Item>
            {canDelete && (
              <Menu.Item value="delete" disabled={isDeleted} color="fg.error">
                <LuTrash2 aria-hidden />
                {t('message.delete')}
              </Menu.Item>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </UiPortal>
    </Menu.Root>
  )
}
