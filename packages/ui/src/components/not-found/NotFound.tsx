import { Button, HStack } from '@chakra-ui/react'
import type { MouseEvent } from 'react'
import { LuLayoutDashboard, LuMapPinOff, LuTicket } from 'react-icons/lu'
import { useT } from '../../internal/useT'
import { EmptyState } from '../empty-state/EmptyState'

export interface NotFoundProps {
  /** Follows one of the page's links inside the app (the links also carry a real `href`). */
  onNavigate: (href: string) => void
  /** Where "Go to the dashboard" and "Go to tickets" lead (the app's addresses). */
  dashboardHref: string
  ticketsHref: string
}

/** What an address that leads nowhere shows inside the app: why, and the way back to work. */
export function NotFound({ onNavigate, dashboardHref, ticketsHref }: NotFoundProps) {
  const t = useT()
  const follow = (href: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    // A plain click stays in the app; a modified one (new tab) is left to the browser.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    onNavigate(href)
  }
  return (
    <EmptyState icon={<LuMapPinOff />} title={t('notFound.title')} description={t('notFound.text')}>
      <HStack gap="3" wrap="wrap" justifyContent="center">
        <Button asChild>
          <a href={dashboardHref} onClick={follow(dashboardHref)}>
            <LuLayoutDashboard aria-hidden />
            {t('notFound.toDashboard')}
          </a>
        </Button>
        <Button asChild variant="outline" colorPalette="gray">
          <a href={ticketsHref} onClick={follow(ticketsHref)}>
            <LuTicket aria-hidden />
            {t('notFound.toTickets')}
          </a>
        </Button>
      </HStack>
    </EmptyState>
  )
}
