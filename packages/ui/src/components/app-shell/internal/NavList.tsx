import { Badge, chakra, Icon, Stack, Text, VisuallyHidden } from '@chakra-ui/react'
import { useId } from 'react'
import { ADMIN_ITEMS, isActive, MAIN_ITEMS, type NavItem } from '../../../internal/navItems'
import { navigateOnClick } from '../../../internal/navigation'
import { useT } from '../../../internal/useT'
import { navItemRecipe } from '../../../theme/recipes'

const NavAnchor = chakra('a', navItemRecipe)

export interface NavListProps {
  currentPath: string
  onNavigate: (href: string) => void
  isAdmin?: boolean
  connectionsAlert?: boolean
  /** Called after a navigation, e.g. to close the temporary drawer. */
  onNavigated?: () => void
}

export function NavList({ currentPath, onNavigate, isAdmin, connectionsAlert, onNavigated }: NavListProps) {
  const t = useT()
  const adminHeading = useId()
  const renderItem = (item: NavItem) => {
    const alert = connectionsAlert && item.href === '/connections'
    return (
      <li key={item.href}>
        <NavAnchor
          href={item.href}
          aria-current={isActive(item.href, currentPath) ? 'page' : undefined}
          onClick={navigateOnClick(item.href, onNavigate, onNavigated)}
        >
          <Icon boxSize="5" aria-hidden>
            <item.icon />
          </Icon>
          {t(item.label)}
          {alert && (
            <>
              <Badge colorPalette="red" variant="solid" marginStart="auto" aria-hidden>
                !
              </Badge>
              <VisuallyHidden>{t('nav.connectionsAlert')}</VisuallyHidden>
            </>
          )}
        </NavAnchor>
      </li>
    )
  }
  return (
    <Stack gap="4" padding="3">
      <Stack as="ul" listStyleType="none" gap="1">
        {MAIN_ITEMS.map(renderItem)}
      </Stack>
      {isAdmin && (
        <Stack gap="1">
          <Text
            as="h2"
            id={adminHeading}
            textStyle="xs"
            fontWeight="semibold"
            textTransform="uppercase"
            color="fg.muted"
            paddingInline="3"
          >
            {t('nav.administration')}
          </Text>
          <Stack as="ul" listStyleType="none" gap="1" aria-labelledby={adminHeading}>
            {ADMIN_ITEMS.map(renderItem)}
          </Stack>
        </Stack>
      )}
    </Stack>
  )
}
