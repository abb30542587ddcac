import { Button, Menu, Text, VisuallyHidden } from '@chakra-ui/react'
import { LuCircleUser, LuLogOut, LuUser } from 'react-icons/lu'
import { UiPortal } from '../../../internal/portal'
import { useT } from '../../../internal/useT'

export interface UserMenuProps {
  userName?: string
  onProfile: () => void
  onLogout: () => void
}

export function UserMenu({ userName, onProfile, onLogout }: UserMenuProps) {
  const t = useT()
  return (
    <Menu.Root onSelect={({ value }) => (value === 'profile' ? onProfile() : onLogout())}>
      <Menu.Trigger asChild>
        <Button variant="ghost" colorPalette="gray" size="sm" paddingInline="2">
          <LuCircleUser aria-hidden />
          {userName && (
            <Text as="span" hideBelow="md" maxWidth="40" truncate>
              {userName}
            </Text>
          )}
          <VisuallyHidden>{t('shell.userMenu')}</VisuallyHidden>
        </Button>
      </Menu.Trigger>
      <UiPortal>
        <Menu.Positioner>
          <Menu.Content minWidth="40">
            <Menu.Item value="profile">
              <LuUser aria-hidden />
              {t('shell.profile')}
            </Menu.Item>
            <Menu.Item value="logout">
              <LuLogOut aria-hidden />
              {t('shell.logout')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </UiPortal>
    </Menu.Root>
  )
}
