import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { type DirectoryGroup, GroupsDirectory, type GroupsDirectoryProps } from './GroupsDirectory'

const groups: DirectoryGroup[] = [
  {
    id: '120363041000000001',
    name: 'Clientes São Paulo',
    participants: 128,
    isAdmin: true,
    announce: false,
    inviteLink: 'https://chat.whatsapp.com/AbCdEf123',
  },
  {
    id: '120363041000000002',
    name: 'Atacado – pedidos',
    participants: 42,
    isAdmin: true,
    announce: true,
    inviteLink: 'https://chat.whatsapp.com/GhIjKl456',
  },
  { id: '120363041000000003', name: 'Fornecedores', participants: 17, isAdmin: false, announce: false },
  { id: '120363041000000004', name: 'Avisos da loja', participants: 256, isAdmin: false, announce: true },
]

/** The directory with its selection and search held as a page holds them. */
function Directory(props: Partial<GroupsDirectoryProps>) {
  const [selected, setSelected] = useState(props.selected ?? [])
  const [search, setSearch] = useState(props.search ?? '')
  return (
    <GroupsDirectory
      groups={groups}
      {...props}
      selected={selected}
      onSelectedChange={(ids) => {
        setSelected(ids)
        props.onSelectedChange?.(ids)
      }}
      search={search}
      onSearchChange={setSearch}
    />
  )
}

const meta = {
  title: 'Components/GroupsDirectory',
  component: Directory,
  args: { onSelectedChange: fn(), onCopyInvite: fn(), onReload: fn() },
  tags: ['autodocs'],
} satisfies Meta<typeof Directory>

export default meta
type Story = StoryObj<typeof meta>

/** Name, participants, our role, who may write; the invite link of the groups we administer. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Copy the invite link of Clientes São Paulo' }))
    await expect(args.onCopyInvite).toHaveBeenCalledWith(groups[0])
    await expect(canvas.queryByRole('button', { name: /invite link of Fornecedores/ })).toBeNull()
  },
}

/** Two chosen: the header box is half on, and the count says so. */
export const SomeSelected: Story = {
  args: { selected: [groups[0]?.id ?? '', groups[2]?.id ?? ''] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('2 of 4 selected')).toBeVisible()
    await waitFor(() =>
      expect(canvas.getByRole('checkbox', { name: 'Select all groups shown' })).toBePartiallyChecked(),
    )
  },
}

/** The header box chooses every group the search shows, by keyboard too; again, it clears them. */
export const SelectAllShown: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search groups' }), 'sao')
    await waitFor(() => expect(canvas.getAllByRole('row')).toHaveLength(2))
    canvas.getByRole('checkbox', { name: 'Select all groups shown' }).focus()
    await userEvent.keyboard(' ')
    await expect(args.onSelectedChange).toHaveBeenLastCalledWith([groups[0]?.id])
    await userEvent.clear(canvas.getByRole('searchbox', { name: 'Search groups' }))
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select all groups shown' }))
    await expect(args.onSelectedChange).toHaveBeenLastCalledWith(groups.map((g) => g.id))
    await expect(canvas.getByText('4 of 4 selected')).toBeVisible()
  },
}

/** Groups the connection is only a member of: "Not admin", and no invite link. */
export const NotAdminRows: Story = {
  args: { groups: groups.filter((g) => !g.isAdmin), selected: [groups[3]?.id ?? ''] },
  play: async ({ canvasElement }) => {
    // The badges under the names are for phones only.
    const shown = within(canvasElement)
      .getAllByText('Not admin')
      .filter((badge) => badge.checkVisibility())
    await expect(shown).toHaveLength(2)
  },
}

export const NoMatch: Story = {
  args: { search: 'zzz' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No group matches the search.')).toBeVisible()
  },
}

export const Loading: Story = { args: { groups: [], isLoading: true } }

export const Empty: Story = {
  args: { groups: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('This connection is in no group yet.')).toBeVisible()
  },
}

export const NoConnection: Story = { args: { groups: [], noConnection: true } }

export const LoadFailed: Story = {
  args: { groups: [], error: { code: 'ERR_WAPP_NOT_INITIALIZED' } },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Retry' }))
    await expect(args.onReload).toHaveBeenCalled()
  },
}

/** A phone: who runs the group and who may write go under its name. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  args: { selected: [groups[0]?.id ?? ''] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole('columnheader', { name: 'Our role' })).toBeNull()
    await expect(canvas.getAllByText('Only admins')[0]).toBeVisible()
  },
}

export const Catalog: Story = {
  args: { selected: [groups[1]?.id ?? ''] },
  parameters: {
    catalog: {
      columns: 2,
      dimensions: [
        { name: 'colorMode', values: ['dark', 'light'] },
        { name: 'locale', values: ['en', 'pt-BR', 'es'] },
      ],
    },
  },
}
