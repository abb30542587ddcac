import { Badge, chakra, Icon, Stack, Text, VisuallyHidden } from '@chakra-ui/react'
import { useId } from 'react'
import { ADMIN_ITEMS, isActive, MAIN_ITEMS, type NavItem, OUTREACH_ITEMS } from '../../../internal/navItems'
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
  const outreachHeading = useId()
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
  const group = (id: string, heading: string, items: NavItem[]) => (
    <Stack gap="1">
      <Text
        as="h2"
        id={id}
        textStyle="xs"
        fontWeight="semibold"
        textTransform="uppercase"
        color="fg.muted"
        paddingInline="3"
      >
        {heading}
      </Text>
      <Stack as="ul" listStyleType="none" gap="1" aria-labelledby={id}>
        {items.map(renderItem)}
      </Stack>
    </Stack>
  )
  return (
    <Stack gap="4" padding="3">
      <Stack as="ul" listStyleType="none" gap="1">
        {MAIN_ITEMS.map(renderItem)}
      </Stack>
      {group(outreachHeading, t('nav.outreach'), OUTREACH_ITEMS)}
      {isAdmin && group(adminHeading, t('nav.administration'), ADMIN_ITEMS)}
    </Stack>
  )
}
