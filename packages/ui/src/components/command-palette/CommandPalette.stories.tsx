import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { exampleNav } from '../app-shell/fixtures'
import { CommandPalette, type CommandPaletteProps } from './CommandPalette'
import type { CommandPaletteContact, CommandPaletteTicket } from './types'

const tickets: CommandPaletteTicket[] = [
  { id: 12, status: 'open', contact: { name: 'Marina Costa', number: '5511988880001' } },
  { id: 31, status: 'pending', contact: { name: 'Mariana Souza', number: '5511988880002' } },
]
const contacts: CommandPaletteContact[] = [
  { id: 4, name: 'Marina Costa', number: '5511988880001' },
  { id: 9, name: 'Mário Lopes', number: '5521977770003' },
]

/** The query is state here, as in the app; the found tickets and contacts are the story's. */
function Controlled(args: CommandPaletteProps) {
  const [query, setQuery] = useState(args.query)
  return (
    <CommandPalette
      {...args}
      query={query}
      onQueryChange={(next) => {
        setQuery(next)
        args.onQueryChange(next)
      }}
    />
  )
}

const meta = {
  title: 'Components/CommandPalette',
  component: CommandPalette,
  args: {
    open: true,
    query: '',
    onClose: fn(),
    pages: exampleNav(false),
    onQueryChange: fn(),
    onNavigate: fn(),
    onOpenTicket: fn(),
    onOpenContact: fn(),
  },
  render: Controlled,
  tags: ['autodocs'],
} satisfies Meta<typeof CommandPalette>

export default meta
type Story = StoryObj<typeof meta>

const palette = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Go to' }))

/** Opened: every page an agent may see, the input focused; typing filters the pages, ↓ and Enter go. */
export const Pages: Story = {
  play: async ({ args, canvasElement }) => {
    const dialog = await palette(canvasElement)
    const input = dialog.getByRole('combobox', { name: 'Page, ticket or contact' })
    await waitFor(() => expect(input).toHaveFocus())
    const pages = dialog.getByRole('group', { name: 'Pages' })
    await expect(
      within(pages)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Dashboard',
      'Tickets',
      'Kanban',
      'Connections',
      'Contacts',
      'Quick answers',
      ...['Bulk text', 'Bulk media', 'Bulk files', 'Bulk audio', 'Scheduled', 'Import history', 'Jobs'].map(
        (name) => `${name}Outreach`,
      ),
    ])
    await expect(dialog.queryByRole('option', { name: 'Users' })).toBeNull()
    await expect(dialog.getByText('Type at least 3 characters to find tickets and contacts.')).toBeVisible()
    await userEvent.type(input, 'con')
    await expect(dialog.getAllByRole('option').map((o) => o.textContent)).toEqual(['Connections', 'Contacts'])
    await userEvent.keyboard('{ArrowDown}')
    await expect(dialog.getByRole('option', { name: 'Contacts' })).toHaveAttribute('aria-selected', 'true')
    await expect(input).toHaveAttribute('aria-activedescendant', dialog.getByRole('option', { name: 'Contacts' }).id)
    await userEvent.keyboard('{Enter}')
    await expect(args.onNavigate).toHaveBeenCalledWith('/contacts')
    await expect(args.onClose).toHaveBeenCalled()
  },
}

/** The outreach pages, for every signed-in user as in the menu: by name, or all of them by their group. */
export const OutreachPages: Story = {
  play: async ({ args, canvasElement }) => {
    const dialog = await palette(canvasElement)
    const input = dialog.getByRole('combobox', { name: 'Page, ticket or contact' })
    await userEvent.type(input, 'outr')
    await expect(dialog.getAllByRole('option')).toHaveLength(7)
    await userEvent.clear(input)
    await userEvent.type(input, 'sched')
    await expect(dialog.getAllByRole('option').map((o) => o.textContent)).toEqual(['ScheduledOutreach'])
    await userEvent.keyboard('{Enter}')
    await expect(args.onNavigate).toHaveBeenCalledWith('/schedule')
  },
}

/** Administrators also find the administration pages. */
export const AdminPages: Story = {
  args: { pages: exampleNav(true) },
  play: async ({ canvasElement }) => {
    const dialog = await palette(canvasElement)
    for (const name of ['Users', 'Queues', 'Settings']) {
      await expect(dialog.getByRole('option', { name })).toBeVisible()
    }
  },
}

/** Pages, tickets and contacts found by name: ↓ goes down through the groups, Enter opens the contact. */
export const Results: Story = {
  args: { query: 'mar', tickets, contacts, pages: exampleNav(true) },
  play: async ({ args, canvasElement }) => {
    const dialog = await palette(canvasElement)
    await expect(within(dialog.getByRole('group', { name: 'Tickets' })).getAllByRole('option')).toHaveLength(2)
    await expect(within(dialog.getByRole('group', { name: 'Contacts' })).getAllByRole('option')).toHaveLength(2)
    await expect(dialog.getByRole('option', { name: /#12 · Marina Costa/ })).toHaveTextContent(
      '+55 11 98888-0001 · Open',
    )
    await expect(dialog.getByRole('option', { name: /#31 · Mariana Souza/ })).toHaveTextContent('Waiting')
    await expect(dialog.getByRole('option', { name: /Mário Lopes/ })).toHaveTextContent('+55 21 97777-0003')
    // No page is called "mar": the first ticket is active; three steps down is the second contact.
    await expect(dialog.getByRole('option', { name: /#12/ })).toHaveAttribute('aria-selected', 'true')
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}')
    await userEvent.keyboard('{Enter}')
    await expect(args.onOpenContact).toHaveBeenCalledWith(contacts[1])
    await expect(args.onOpenTicket).not.toHaveBeenCalled()
  },
}

/** A click opens a ticket too. */
export const ClickTicket: Story = {
  args: { query: 'mar', tickets, contacts },
  play: async ({ args, canvasElement }) => {
    const dialog = await palette(canvasElement)
    await userEvent.click(dialog.getByRole('option', { name: /#31/ }))
    await expect(args.onOpenTicket).toHaveBeenCalledWith(tickets[1])
  },
}

export const Searching: Story = {
  args: { query: 'mari', isSearching: true },
  play: async ({ canvasElement }) => {
    const dialog = await palette(canvasElement)
    await expect(dialog.getByRole('status')).toHaveTextContent('Searching…')
  },
}

export const NoResults: Story = {
  args: { query: 'zzz' },
  play: async ({ canvasElement }) => {
    const dialog = await palette(canvasElement)
    await expect(dialog.getByRole('status')).toHaveTextContent('No page, ticket or contact matches this search.')
    await expect(dialog.queryByRole('listbox')).toBeNull()
  },
}

/** Escape closes. */
export const Escape: Story = {
  play: async ({ args, canvasElement }) => {
    const dialog = await palette(canvasElement)
    await waitFor(() => expect(dialog.getByRole('combobox')).toHaveFocus())
    await userEvent.keyboard('{Escape}')
    await expect(args.onClose).toHaveBeenCalled()
  },
}

export const Portuguese: Story = {
  args: { query: 'mar', tickets, contacts },
  globals: { locale: 'pt-BR' },
}

export const Light: Story = {
  args: { query: 'mar', tickets, contacts },
  globals: { colorMode: 'light' },
}
