import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { UiProvider } from '../../provider/UiProvider'
import { AppShell, type AppShellProps } from './AppShell'
import { exampleNav } from './fixtures'

const renderShell = (props: Partial<AppShellProps> = {}) => {
  const onNavigate = vi.fn()
  render(
    <UiProvider>
      <AppShell
        currentPath="/"
        nav={exampleNav(false)}
        onNavigate={onNavigate}
        locale="en"
        onLocaleChange={() => {}}
        colorMode="dark"
        onColorModeChange={() => {}}
        onProfile={() => {}}
        onLogout={() => {}}
        {...props}
      >
        page
      </AppShell>
    </UiProvider>,
  )
  return { onNavigate, nav: within(screen.getAllByRole('navigation', { name: 'Main navigation' })[0]) }
}

describe('AppShell navigation', () => {
  it('leaves modified clicks (new tab, new window) to the browser', () => {
    const { onNavigate, nav } = renderShell()
    const link = nav.getByRole('link', { name: 'Contacts' })
    fireEvent.click(link, { ctrlKey: true })
    fireEvent.click(link, { metaKey: true })
    fireEvent.click(link, { shiftKey: true })
    expect(onNavigate).not.toHaveBeenCalled()
    fireEvent.click(link)
    expect(onNavigate).toHaveBeenCalledWith('/contacts')
  })

  it('marks the section of a nested path as current, and the dashboard only on /', () => {
    const { nav } = renderShell({ currentPath: '/tickets/12' })
    expect(nav.getByRole('link', { name: 'Tickets' }).getAttribute('aria-current')).toBe('page')
    expect(nav.getByRole('link', { name: 'Dashboard' }).hasAttribute('aria-current')).toBe(false)
  })

  it('matches the seed route spelled with a capital (/Settings)', () => {
    const { nav } = renderShell({ currentPath: '/Settings', nav: exampleNav(true) })
    expect(nav.getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('page')
  })
})
