import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { GroupsForm, type GroupsPreview, type GroupsRequest } from './GroupsForm'

const connections = [
  { id: 1, name: 'Main line', status: 'CONNECTED' },
  { id: 2, name: 'Support line', status: 'DISCONNECTED' },
]

/** What the server would count for 16 chosen groups, two of them not ours (one of those closed). */
const preview = async ({ action }: GroupsRequest): Promise<GroupsPreview> =>
  action.kind === 'groupMessage'
    ? { groups: 15, people: 0, notAdmin: 1, optedOut: 0 }
    : action.kind === 'participantsMessage'
      ? { groups: 16, people: 312, notAdmin: 0, optedOut: 5 }
      : { groups: 14, people: 0, notAdmin: 2, optedOut: 0 }

const meta = {
  title: 'Components/GroupsForm',
  component: GroupsForm,
  args: {
    connections,
    defaultValues: { ticketwhatsappId: '1' },
    selectedGroups: 16,
    onPreview: fn(preview),
    onSubmit: fn(() => true),
    onDispatchChange: fn(),
    onCopyLink: fn(),
  },
  tags: ['autodocs'],
} satisfies Meta<typeof GroupsForm>

export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)
const submit = (canvasElement: HTMLElement, name: string) =>
  userEvent.click(within(canvasElement).getByRole('button', { name }))

/** Atualizar Grupo: the title, the description or both; confirmed, started, and the fields clear. */
export const Update: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(args.onDispatchChange).toHaveBeenLastCalledWith(1)
    await userEvent.type(canvas.getByRole('textbox', { name: 'Title' }), 'Clientes VIP')
    await submit(canvasElement, 'Update')
    const dialog = within(await body(canvasElement).findByRole('alertdialog'))
    await expect(dialog.getByText('Rename 14 groups to “Clientes VIP”?')).toBeVisible()
    await expect(dialog.getByText(/2 chosen groups are not administered/)).toBeVisible()
    await userEvent.click(dialog.getByRole('button', { name: 'Update' }))
    await expect(args.onSubmit).toHaveBeenCalledWith({
      ticketwhatsappId: 1,
      action: { kind: 'update', subject: 'Clientes VIP' },
    })
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Title' })).toHaveValue(''))
    await waitFor(() => expect(body(canvasElement).queryByRole('alertdialog')).toBeNull())
  },
}

/** Crear Grupo: a title and one contact, sent at once (one group, nothing to confirm). */
export const Create: Story = {
  args: { defaultTab: 'create' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByRole('textbox', { name: /New group title/ }), 'Pedidos Maio')
    await userEvent.type(canvas.getByRole('textbox', { name: /Contact/ }), '5511987650001')
    await submit(canvasElement, 'Create')
    await expect(args.onSubmit).toHaveBeenCalledWith({
      ticketwhatsappId: 1,
      action: { kind: 'create', title: 'Pedidos Maio', contact: '5511987650001' },
    })
  },
}

/** The group just made, with its invite link to copy. */
export const Created: Story = {
  args: { defaultTab: 'create', created: { name: 'Pedidos Maio', inviteLink: 'https://chat.whatsapp.com/Xy12Zw' } },
  play: async ({ args, canvasElement }) => {
    await submit(canvasElement, 'Copy link')
    await expect(args.onCopyLink).toHaveBeenCalledWith('https://chat.whatsapp.com/Xy12Zw')
  },
}

/** A network that adds nobody directly (the Cloud API) sent the contact the invite link instead. */
export const CreatedInvited: Story = {
  args: {
    defaultTab: 'create',
    created: { name: 'Pedidos Maio', inviteLink: 'https://chat.whatsapp.com/Xy12Zw', invited: true },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('The invite link was sent to the contact.')).toBeVisible()
  },
}

/** A contact that is no number is refused beside its field. */
export const CreateInvalidContact: Story = {
  args: { defaultTab: 'create' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByRole('textbox', { name: /New group title/ }), 'Pedidos')
    await userEvent.type(canvas.getByRole('textbox', { name: /Contact/ }), 'ana')
    await submit(canvasElement, 'Create')
    await expect(await canvas.findByText('Invalid value')).toBeVisible()
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

/** Abrir Grupo: the tab is the action. */
export const Open: Story = {
  args: { defaultTab: 'open' },
  play: async ({ args, canvasElement }) => {
    await submit(canvasElement, 'Open groups')
    const dialog = within(await body(canvasElement).findByRole('alertdialog'))
    await expect(dialog.getByText('Let everyone write in 14 groups?')).toBeVisible()
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }))
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

export const Close: Story = { args: { defaultTab: 'close' } }

/** Mensaje grupal: only the chosen groups closed to us are skipped. */
export const GroupMessage: Story = {
  args: { defaultTab: 'groupMessage', defaultValues: { ticketwhatsappId: '1', mensagemGrupo: 'Promoção!' } },
  play: async ({ canvasElement }) => {
    await submit(canvasElement, 'Post')
    const dialog = within(await body(canvasElement).findByRole('alertdialog'))
    await expect(dialog.getByText('Post in 15 groups?')).toBeVisible()
    await expect(dialog.getByText(/1 chosen group is not administered/)).toBeVisible()
  },
}

/** Mensaje del Sistema: "Message 312 people privately". */
export const ParticipantsMessage: Story = {
  args: {
    defaultTab: 'participantsMessage',
    defaultValues: { ticketwhatsappId: '1', mensagemGrupoNASA: 'A loja fecha às 18h.' },
  },
  play: async ({ canvasElement }) => {
    await submit(canvasElement, 'Send')
    const dialog = within(await body(canvasElement).findByRole('alertdialog'))
    await expect(dialog.getByText('Message 312 people privately?')).toBeVisible()
    await expect(dialog.getByText('5 people are on the opt-out list and left out.')).toBeVisible()
  },
}

/** The seed's rule: fields that match no combination say so, and nothing is sent. */
export const Incomplete: Story = {
  args: { defaultTab: 'create', defaultValues: { ticketwhatsappId: '1', tituloNovo: 'Only a title' } },
  play: async ({ args, canvasElement }) => {
    await submit(canvasElement, 'Create')
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Fill in the fields correctly; nothing was done.',
    )
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

/** No group chosen: the form asks for some before anything else. */
export const NoGroupChosen: Story = {
  args: { defaultTab: 'open', selectedGroups: 0 },
  play: async ({ args, canvasElement }) => {
    await submit(canvasElement, 'Open groups')
    await expect(await within(canvasElement).findByText('Choose the groups in the list first.')).toBeVisible()
    await expect(args.onPreview).not.toHaveBeenCalled()
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

/** Every chosen group belongs to others: nothing to confirm, and nothing is sent. */
export const NoneReachable: Story = {
  args: {
    defaultTab: 'close',
    onPreview: fn(async (_: GroupsRequest) => ({ groups: 0, people: 0, notAdmin: 3, optedOut: 0 })),
  },
  play: async ({ args, canvasElement }) => {
    await submit(canvasElement, 'Close groups')
    await expect(await within(canvasElement).findByText(/None of the chosen groups can take this/)).toBeVisible()
    await expect(body(canvasElement).queryByRole('alertdialog')).toBeNull()
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

/** "Resetar campos" empties every tab's fields; the connection stays. Tabs move with the arrow keys. */
export const ResetAndKeyboard: Story = {
  args: { defaultValues: { ticketwhatsappId: '1', titulo: 'VIP', descricao: 'Regras' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await submit(canvasElement, 'Reset fields')
    await expect(canvas.getByRole('textbox', { name: 'Title' })).toHaveValue('')
    await expect(canvas.getByRole('combobox', { name: /Dispatch ID/ })).toHaveValue('1')
    await userEvent.click(canvas.getByRole('tab', { name: 'Update group' }))
    await userEvent.keyboard('{ArrowRight}')
    await waitFor(() =>
      expect(canvas.getByRole('tab', { name: 'Create group' })).toHaveAttribute('aria-selected', 'true'),
    )
  },
}

export const Catalog: Story = {
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
