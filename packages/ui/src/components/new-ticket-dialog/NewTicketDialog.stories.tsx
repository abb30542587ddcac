import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { NewTicketDialog, type NewTicketDialogProps } from './NewTicketDialog'

const CONTACTS = [
  { id: 1, name: 'Ana Souza', number: '5511999990001' },
  { id: 2, name: 'Ana Clara', number: '5511999990002' },
  { id: 3, name: 'Bruno Lima', number: null },
]

/** Searches like a page would: by name or number. */
function Searching(args: NewTicketDialogProps) {
  const [search, setSearch] = useState(args.search)
  const q = search.trim().toLowerCase()
  const contacts = q ? CONTACTS.filter((c) => c.name.toLowerCase().includes(q) || c.number?.includes(q)) : []
  return (
    <NewTicketDialog
      {...args}
      search={search}
      contacts={contacts}
      onSearchChange={(next) => {
        args.onSearchChange(next)
        setSearch(next)
      }}
    />
  )
}

const meta = {
  component: NewTicketDialog,
  args: {
    open: true,
    onClose: fn(),
    search: '',
    onSearchChange: fn(),
    contacts: [],
    onSubmit: fn(),
    onAddContact: fn(),
  },
  render: (args) => <Searching {...args} />,
  tags: ['autodocs'],
} satisfies Meta<typeof NewTicketDialog>

export default meta
type Story = StoryObj<typeof meta>

/** The open dialog, once it has moved the focus inside (so later clicks do not race its initial focus). */
const dialog = async (canvasElement: HTMLElement) => {
  const element = await within(canvasElement.ownerDocument.body).findByRole('dialog')
  await waitFor(() => expect(element.contains(document.activeElement)).toBe(true))
  return within(element)
}

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(modal.getByLabelText('Contact')).toBeDisabled()
    await expect(modal.getByRole('button', { name: 'Start ticket' })).toBeDisabled()
    await expect(modal.queryByRole('button', { name: /Add contact/ })).toBeNull()
  },
}

/** Search, choose, start. */
export const ChooseAContact: Story = {
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await userEvent.type(modal.getByLabelText('Search contact by name or number'), 'ana')
    await userEvent.selectOptions(modal.getByLabelText('Contact'), 'Ana Clara (+5511999990002)')
    await userEvent.click(modal.getByRole('button', { name: 'Start ticket' }))
    await expect(args.onSubmit).toHaveBeenCalledWith(CONTACTS[1])
  },
}

/** A name no contact has: offered as a new contact. */
export const UnknownName: Story = {
  args: { search: 'Carla Dias' },
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(modal.getByLabelText('Contact')).toHaveDisplayValue('No contacts found')
    await userEvent.click(modal.getByRole('button', { name: 'Add contact "Carla Dias"' }))
    await expect(args.onAddContact).toHaveBeenCalledWith('Carla Dias')
  },
}

/** An exact name match is not offered again as a new contact. */
export const ExactMatch: Story = {
  args: { search: 'bruno lima' },
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(modal.queryByRole('button', { name: /Add contact/ })).toBeNull()
  },
}

export const Submitting: Story = {
  args: { isSubmitting: true, search: 'ana' },
}

export const WithError: Story = {
  args: { error: { code: 'ERR_OTHER_OPEN_TICKET' }, search: 'ana' },
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(modal.getByRole('alert')).toHaveTextContent('There is already an open ticket for this contact.')
  },
}

export const Catalog: Story = {
  args: { search: 'an' },
}

export const Light: Story = {
  args: { search: 'Carla' },
  globals: { colorMode: 'light' },
}

export const Portuguese: Story = {
  args: { search: 'Carla' },
  globals: { locale: 'pt-BR' },
}
