import { Badge, chakra, Icon, Stack, Text, VisuallyHidden } from '@chakra-ui/react'
import { Fragment, useId } from 'react'
import { isActive, NAV_ICONS, type NavItem, type NavSection } from '../../../internal/navItems'
import { navigateOnClick } from '../../../internal/navigation'
import { useT } from '../../../internal/useT'
import { navItemRecipe } from '../../../theme/recipes'

const NavAnchor = chakra('a', navItemRecipe)

export interface NavListProps {
  currentPath: string
  onNavigate: (href: string) => void
  /** The menu: its first section without a heading, the others under theirs. */
  nav: NavSection[]
  connectionsAlert?: boolean
  /** Called after a navigation, e.g. to close the temporary drawer. */
  onNavigated?: () => void
}

export function NavList({ currentPath, onNavigate, nav, connectionsAlert, onNavigated }: NavListProps) {
  const t = useT()
  const headingId = useId()
  const renderItem = (item: NavItem) => {
    const alert = connectionsAlert && item.showsConnectionsAlert
    const ItemIcon = NAV_ICONS[item.icon]
    return (
      <li key={item.href}>
        <NavAnchor
          href={item.href}
          aria-current={isActive(item.href, currentPath) ? 'page' : undefined}
          onClick={navigateOnClick(item.href, onNavigate, onNavigated)}
        >
          <Icon boxSize="5" aria-hidden>
            <ItemIcon />
          </Icon>
          {t(item.label)}
          {!alert && item.badge ? (
            <>
              <Badge colorPalette="brand" variant="solid" marginStart="auto" borderRadius="full" aria-hidden>
                {item.badge > 99 ? '99+' : item.badge}
              </Badge>
              <VisuallyHidden>{t('chat.unread', { count: item.badge })}</VisuallyHidden>
            </>
          ) : null}
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
      {nav.map((section, i) =>
        section.heading ? (
          <Fragment key={section.heading}>{group(`${headingId}-${i}`, t(section.heading), section.items)}</Fragment>
        ) : (
          <Stack key={`main-${i}`} as="ul" listStyleType="none" gap="1">
            {section.items.map(renderItem)}
          </Stack>
        ),
      )}
    </Stack>
  )
}
