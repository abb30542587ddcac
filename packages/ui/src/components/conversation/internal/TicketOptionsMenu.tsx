import { IconButton, Menu } from '@chakra-ui/react'
import { LuArrowRightLeft, LuEllipsisVertical, LuTrash2 } from 'react-icons/lu'
import { UiPortal } from '../../../internal/portal'
import { useT } from '../../../internal/useT'

interface TicketOptionsMenuProps {
  onTransfer?: () => void
  /** Shown only when `canDelete`. */
  onDelete?: () => void
  canDelete?: boolean
  disabled?: boolean
}

/** The ticket's options: Transfer, and Delete for those allowed to. */
export function TicketOptionsMenu({ onTransfer, onDelete, canDelete, disabled }: TicketOptionsMenuProps) {
  const t = useT()
  return (
    <Menu.Root onSelect={({ value }) => (value === 'delete' ? onDelete?.() : onTransfer?.())}>
      <Menu.Trigger asChild>
        <IconButton
          size="sm"
          variant="ghost"
          colorPalette="gray"
          aria-label={t('conversation.options')}
          disabled={disabled}
        >
          <LuEllipsisVertical />
        </IconButton>
      </Menu.Trigger>
      <UiPortal>
        <Menu.Positioner>
          <Menu.Content minWidth="40">
            <Menu.Item value="transfer">
              <LuArrowRightLeft aria-hidden />
              {t('conversation.transfer')}
            </Menu.Item>
            {canDelete && (
              <Menu.Item value="delete" color="fg.error">
                <LuTrash2 aria-hidden />
                {t('conversation.delete')}
              </Menu.Item>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </UiPortal>
    </Menu.Root>
  )
}
