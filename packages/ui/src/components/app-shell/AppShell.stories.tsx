import { Box, IconButton, SimpleGrid, Text } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { LuBell } from 'react-icons/lu'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { clickMenuItem, nextFrames } from '../../testing'
import { PageContainer, PageHeader } from '../page/Page'
import { AppShell } from './AppShell'
import { exampleNav } from './fixtures'

const meta = {
  title: 'Components/AppShell',
  component: AppShell,
  args: {
    currentPath: '/tickets',
    nav: exampleNav(false),
    onNavigate: fn(),
    userName: 'Ana Souza',
    locale: 'en',
    onLocaleChange: fn(),
    colorMode: 'dark',
    onColorModeChange: fn(),
    onProfile: fn(),
    onLogout: fn(),
    children: (
      <PageContainer>
        <PageHeader title="Tickets" />
        <Text color="fg.muted">The page goes here.</Text>
      </PageContainer>
    ),
  },
  parameters: { layout: 'fullscreen' },
  tags: ['autodocs'],
} satisfies Meta<typeof AppShell>

export default meta
type Story = StoryObj<typeof meta>

export const Agent: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Main navigation' })
    await expect(within(nav).queryByText('Administration')).toBeNull()
    await expect(within(nav).getByRole('link', { name: 'Tickets' })).toHaveAttribute('aria-current', 'page')
  },
}

export const Admin: Story = {
  args: { nav: exampleNav(true), currentPath: '/users' },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Main navigation' })
    await expect(within(nav).getByText('Administration')).toBeVisible()
    for (const name of ['Users', 'Queues', 'Settings']) {
      await expect(within(nav).getByRole('link', { name })).toBeVisible()
    }
    await expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page')
  },
}

export const Navigates: Story = {
  play: async ({ args, canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Contacts' })
    await expect(link).toHaveAttribute('href', '/contacts')
    await userEvent.click(link)
    await expect(args.onNavigate).toHaveBeenCalledWith('/contacts')
  },
}

export const ConnectionsAlert: Story = {
  args: { connectionsAlert: true },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: /Connections/ })
    await expect(link).toHaveTextContent('!')
    await expect(link).toHaveAccessibleName('Connections needs attention')
  },
}

export const WithNotificationSlot: Story = {
  args: {
    notificationSlot: (
      <IconButton variant="ghost" colorPalette="gray" aria-label="Notifications">
        <LuBell />
      </IconButton>
    ),
  },
}

/** With a command palette: the top bar offers it as a search button showing its shortcut. */
export const WithPaletteButton: Story = {
  args: {
    onOpenPalette: fn(),
    paletteShortcut: 'Ctrl+K',
    notificationSlot: (
      <IconButton variant="ghost" colorPalette="gray" aria-label="Notifications">
        <LuBell />
      </IconButton>
    ),
  },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Search or go to…' })
    await expect(button).toHaveAttribute('aria-keyshortcuts', 'Ctrl+K')
    await userEvent.click(button)
    await expect(args.onOpenPalette).toHaveBeenCalledTimes(1)
    button.blur()
  },
}

export const UserMenuProfile: Story = {
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: /Account menu/ })
    await userEvent.click(trigger)
    await clickMenuItem(await within(canvasElement.ownerDocument.body).findByRole('menuitem', { name: 'Profile' }))
    await expect(args.onProfile).toHaveBeenCalledTimes(1)
    await expect(args.onLogout).not.toHaveBeenCalled()
    await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'false'))
    // Settle where focus ends up, so the screenshot does not depend on when the menu restores it.
    trigger.focus()
    await waitFor(() => expect(trigger).toHaveFocus(), { timeout: 5000 })
  },
}

/** The user menu works from the keyboard: Enter opens it, arrows move, Enter picks. */
export const UserMenuLogout: Story = {
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: /Account menu/ })
    trigger.focus()
    await userEvent.keyboard('{Enter}')
    const item = await within(canvasElement.ownerDocument.body).findByRole('menuitem', { name: 'Logout' })
    await waitFor(() => expect(item.closest('[role=menu]')).toHaveFocus(), { timeout: 5000 })
    await userEvent.keyboard('{ArrowDown}{ArrowDown}')
    await waitFor(() => expect(item).toHaveAttribute('data-highlighted'), { timeout: 5000 })
    await nextFrames()
    await userEvent.keyboard('{Enter}')
    await expect(args.onLogout).toHaveBeenCalledTimes(1)
    await expect(args.onProfile).not.toHaveBeenCalled()
    // Closing hands focus back to the trigger.
    await waitFor(() => expect(trigger).toHaveFocus(), { timeout: 5000 })
  },
}

export const LanguageAndColourMode: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Language' }), 'Português')
    await expect(args.onLocaleChange).toHaveBeenCalledWith('pt-BR')
    await userEvent.click(canvas.getByRole('button', { name: 'Switch to light mode' }))
    await expect(args.onColorModeChange).toHaveBeenCalledWith('light')
  },
}

export const KeyboardNavigation: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    canvas.getByRole('link', { name: 'Dashboard' }).focus()
    await userEvent.tab()
    await expect(canvas.getByRole('link', { name: 'Tickets' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onNavigate).toHaveBeenCalledWith('/tickets')
  },
}

/** Below 600 px the drawer becomes a temporary overlay opened from the menu button. */
export const Mobile: Story = {
  args: { nav: exampleNav(true) },
  globals: { viewport: { value: 'mobile1' } },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    const body = within(canvasElement.ownerDocument.body)
    await userEvent.click(canvas.getByRole('button', { name: 'Open menu' }))
    const drawer = await body.findByRole('dialog')
    await userEvent.click(within(drawer).getByRole('link', { name: 'Settings' }))
    await expect(args.onNavigate).toHaveBeenCalledWith('/settings')
  },
}

export const Portuguese: Story = {
  args: { locale: 'pt-BR', nav: exampleNav(true) },
  globals: { locale: 'pt-BR' },
}

export const Light: Story = {
  args: { colorMode: 'light', nav: exampleNav(true), connectionsAlert: true },
  globals: { colorMode: 'light' },
}

/** Landmarks repeat only because the shell is shown twice. */
const catalogA11y = {
  a11y: {
    config: {
      rules: ['landmark-unique', 'landmark-no-duplicate-banner', 'landmark-no-duplicate-main'].map((id) => ({
        id,
        enabled: false,
      })),
    },
  },
}

/** Agent and administrator menus side by side. */
export const Catalog: Story = {
  parameters: catalogA11y,
  render: (args) => (
    <SimpleGrid columns={2} gap="4" padding="4">
      {[false, true].map((isAdmin) => (
        <Box key={String(isAdmin)} height="420px" overflow="hidden" borderWidth="1px" borderRadius="l2">
          <AppShell {...args} nav={exampleNav(isAdmin)} connectionsAlert={isAdmin} />
        </Box>
      ))}
    </SimpleGrid>
  ),
}
