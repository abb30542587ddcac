import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { NewTicketDialog, type NewTicketDialogProps } from './NewTicketDialog'

const CONTACTS = [
  { id: 1, name: 'Ana Souza', number: '5511999990001' },
  { id: 2, name: 'Ana Clara', number: '5511999990002' },
  { id: 3, name: 'Bruno Lima', number: null },
]

/** Searches like a page would: by name or number, from three characters. */
function Searching(args: NewTicketDialogProps) {
  const [search, setSearch] = useState(args.search)
  const [value, setValue] = useState(args.value)
  const q = search.trim().toLowerCase()
  const contacts =
    q.length >= 3 ? CONTACTS.filter((c) => c.name.toLowerCase().includes(q) || c.number?.includes(q)) : []
  return (
    <NewTicketDialog
      {...args}
      search={search}
      contacts={args.isSearching ? [] : contacts}
      value={value}
      onSearchChange={(next) => {
        args.onSearchChange(next)
        setSearch(next)
      }}
      onValueChange={(next) => {
        args.onValueChange(next)
        setValue(next)
      }}
    />
  )
}

const meta = {
  title: 'Components/NewTicketDialog',
  component: NewTicketDialog,
  args: {
    open: true,
    onClose: fn(),
    search: '',
    onSearchChange: fn(),
    contacts: [],
    value: null,
    onValueChange: fn(),
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

const field = (modal: Awaited<ReturnType<typeof dialog>>) => modal.getByRole('combobox')

/**
 * Enters a longer text at once, as a paste does: under load the browser test's simulated typing can
 * drop a key while the list opens, which no person typing sees.
 */
const enter = async (modal: Awaited<ReturnType<typeof dialog>>, text: string) => {
  await userEvent.click(field(modal))
  await userEvent.paste(text)
  await waitFor(() => expect(field(modal)).toHaveValue(text))
}

/** The field's list, once open. */
const listbox = async (modal: Awaited<ReturnType<typeof dialog>>) => {
  const list = await modal.findByRole('listbox')
  await waitFor(() => expect(list).toBeVisible())
  return within(list)
}

/** One field; it asks for three characters before it searches. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(modal.getByRole('combobox', { name: 'Contact' })).toHaveAttribute(
      'placeholder',
      'Search contact by name or number',
    )
    await expect(modal.getByRole('button', { name: 'Start ticket' })).toBeDisabled()
    await userEvent.type(field(modal), 'an')
    await waitFor(() => expect(modal.getByTestId('combobox-status')).toHaveTextContent('Type at least 3 characters'))
    await expect(modal.queryByRole('listbox')).toBeNull()
  },
}

/** Type, move with the arrows, choose with Enter, start. */
export const TypeAndChoose: Story = {
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await enter(modal, 'ana')
    const list = await listbox(modal)
    await waitFor(() =>
      expect(list.getAllByRole('option').map((o) => o.textContent)).toEqual([
        'Ana Souza+55 11 99999-0001',
        'Ana Clara+55 11 99999-0002',
        'Add contact "ana"',
      ]),
    )
    await userEvent.keyboard('{ArrowDown}{Enter}')
    await waitFor(() => expect(args.onValueChange).toHaveBeenLastCalledWith(CONTACTS[1]))
    await expect(field(modal)).toHaveValue('Ana Clara')
    await userEvent.click(modal.getByRole('button', { name: 'Start ticket' }))
    await expect(args.onSubmit).toHaveBeenCalledWith(CONTACTS[1])
  },
}

/** The results, by number too; a contact whose number is the one typed is not offered as new. */
export const Results: Story = {
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    await enter(modal, '5511999990002')
    const list = await listbox(modal)
    await expect(await list.findByRole('option', { name: /Ana Clara/ })).toBeVisible()
    await expect(list.queryByRole('option', { name: /Add contact/ })).toBeNull()
  },
}

/** While the server searches. */
export const Searching_: Story = {
  name: 'Searching',
  args: { isSearching: true },
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    await enter(modal, 'ana')
    await waitFor(() => expect(modal.getByTestId('combobox-status')).toHaveTextContent('Searching…'))
    await expect(modal.queryByRole('listbox')).toBeNull()
  },
}

/** No match: "Add contact" with what was typed; Enter picks it. */
export const NoMatch: Story = {
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await enter(modal, 'Carla Dias')
    const list = await listbox(modal)
    await waitFor(() => expect(modal.getByTestId('combobox-status')).toHaveTextContent('No contacts found'))
    await expect(await list.findByRole('option', { name: 'Add contact "Carla Dias"' })).toBeVisible()
    await userEvent.keyboard('{Enter}')
    await expect(args.onAddContact).toHaveBeenCalledWith('Carla Dias')
    await expect(field(modal)).toHaveValue('Carla Dias')
  },
}

/** An exact name match is not offered again as a new contact; Escape closes the list, not the dialog. */
export const ExactMatch: Story = {
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await enter(modal, 'bruno lima')
    const list = await listbox(modal)
    await expect(await list.findByRole('option', { name: 'Bruno Lima' })).toBeVisible()
    await expect(list.queryByRole('option', { name: /Add contact/ })).toBeNull()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(modal.queryByRole('listbox')).toBeNull())
    await expect(args.onClose).not.toHaveBeenCalled()
  },
}

/** The contact just added is the one chosen. */
export const Chosen: Story = {
  args: { search: 'Ana Souza', value: CONTACTS[0] },
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(field(modal)).toHaveValue('Ana Souza')
    await expect(modal.getByRole('button', { name: 'Start ticket' })).toBeEnabled()
  },
}

export const Submitting: Story = {
  args: { isSubmitting: true, search: 'Ana Souza', value: CONTACTS[0] },
}

export const WithError: Story = {
  args: { error: { code: 'ERR_OTHER_OPEN_TICKET' }, search: 'Ana Souza', value: CONTACTS[0] },
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(modal.getByRole('alert')).toHaveTextContent('There is already an open ticket for this contact.')
  },
}

export const Light: Story = {
  globals: { colorMode: 'light' },
  play: NoMatch.play,
}

export const Portuguese: Story = {
  globals: { locale: 'pt-BR' },
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    await enter(modal, 'Carla')
    const list = await listbox(modal)
    await expect(await list.findByRole('option', { name: 'Adicionar contato "Carla"' })).toBeVisible()
  },
}
