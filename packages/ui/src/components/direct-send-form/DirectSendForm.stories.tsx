import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { DirectSendForm } from './DirectSendForm'

const connections = [{ id: 4, name: 'Loja no Instagram', status: 'CONNECTED' }]
const mixed = {
  total: 4,
  reachable: 2,
  recipients: [
    { entry: '@ana.moda', state: 'reachable' as const, name: 'Ana Lima' },
    { entry: 'bia', state: 'reachable' as const, name: '@bia' },
    { entry: 'quem_nunca', state: 'unknownUser' as const, name: null },
    { entry: 'gabi', state: 'windowClosed' as const, name: '@gabi' },
  ],
}

const meta = {
  title: 'Components/DirectSendForm',
  component: DirectSendForm,
  args: { connections, onSubmit: fn(() => true), onCheck: fn() },
  tags: ['autodocs'],
} satisfies Meta<typeof DirectSendForm>

export default meta
type Story = StoryObj<typeof meta>

/** The seed's fields and warning (Instagram's anti-spam may ban accounts), with the only connection chosen. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/may ban accounts that abuse them/)).toBeVisible()
    await expect(canvas.getByLabelText(/Instagram connection/)).toHaveValue('4')
  },
}

/** Before sending: how many names can be messaged now, and why each other one cannot. */
export const WithEstimate: Story = {
  args: {
    estimate: mixed,
    defaultValues: { userIg: '@ana.moda\nbia\nquem_nunca\ngabi', message: 'Chegou coleção nova!' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('2 of 4 can be messaged now')).toBeVisible()
    await expect(canvas.getByText('Never wrote to this account')).toBeVisible()
    await expect(canvas.getByText('Reply window closed')).toBeVisible()
  },
}

/** Both text fields are required; nothing is sent. */
export const Required: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }))
    await expect(await canvas.findAllByText('Required')).toHaveLength(2)
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

/** Sending is confirmed with the number of people who can be reached; the job's request goes to the page. */
export const Confirm: Story = {
  args: { estimate: mixed },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByRole('textbox', { name: /Instagram users/ }), '@ana.moda{Enter}bia')
    await userEvent.type(canvas.getByRole('textbox', { name: /Message/ }), 'Oi!')
    await waitFor(() => expect(args.onCheck).toHaveBeenLastCalledWith('@ana.moda\nbia', 4))
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }))
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('alertdialog'))
    await expect(dialog.getByText('Send to 2 people?')).toBeVisible()
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }))
    await expect(args.onSubmit).toHaveBeenCalledWith({
      userIg: ['@ana.moda', 'bia'],
      message: 'Oi!',
      ticketwhatsappId: 4,
    })
  },
}
