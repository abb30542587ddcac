import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { ScheduleSendForm } from './ScheduleSendForm'

const connections = [
  { id: 1, name: 'Main line', status: 'CONNECTED' },
  { id: 3, name: 'Campaigns', status: 'CONNECTED' },
]

const meta = {
  title: 'Components/ScheduleSendForm',
  component: ScheduleSendForm,
  args: { connections, onSubmit: fn(), onOpenJobs: fn() },
  tags: ['autodocs'],
} satisfies Meta<typeof ScheduleSendForm>

export default meta
type Story = StoryObj<typeof meta>

const submit = (canvasElement: HTMLElement) =>
  userEvent.click(within(canvasElement).getByRole('button', { name: 'Start now' }))

/** The box above the fields says what the form does: it starts now what was scheduled for that day. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText(/Starts now the sends this connection has scheduled for the chosen day/),
    ).toBeVisible()
  },
}

/** Filled in and sent: the contract's `{dataEnvio, ticketwhatsappId}`. */
export const Filled: Story = {
  args: { defaultValues: { dataEnvio: '2026-01-20', ticketwhatsappId: '3' } },
  play: async ({ args, canvasElement }) => {
    await submit(canvasElement)
    await expect(args.onSubmit).toHaveBeenCalledWith({ dataEnvio: '2026-01-20', ticketwhatsappId: 3 })
  },
}

export const ValidationErrors: Story = {
  play: async ({ args, canvasElement }) => {
    await submit(canvasElement)
    await waitFor(() => expect(within(canvasElement).getAllByText('Required')).toHaveLength(2))
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

/** The date is typed day first; a day that does not exist is refused with the pattern to type. */
export const DateTypedDayFirst: Story = {
  args: { defaultValues: { ticketwhatsappId: '3' } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    const field = canvas.getByRole('textbox', { name: /Send date/ })
    await userEvent.type(field, '30022026')
    await submit(canvasElement)
    await expect(await canvas.findByText('Enter the date as dd/mm/yyyy')).toBeVisible()
    await expect(args.onSubmit).not.toHaveBeenCalled()
    await userEvent.clear(field)
    await userEvent.type(field, '20012026')
    await submit(canvasElement)
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith({ dataEnvio: '2026-01-20', ticketwhatsappId: 3 }))
  },
}

export const ServerFieldError: Story = {
  args: {
    defaultValues: { dataEnvio: '2026-01-20', ticketwhatsappId: '7' },
    fieldErrors: [{ path: 'ticketwhatsappId', message: 'errors.ERR_NO_WAPP_FOUND' }],
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No connection found with this id.')).toBeVisible()
  },
}

/** "Show dispatch IDs" failed on this page too: "Error: {message}". */
export const ShowIdsFailed: Story = {
  args: { connections: [], connectionsError: { message: 'Request failed with status code 500' } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show dispatch IDs' }))
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Error: Request failed with status code 500',
    )
  },
}

export const Submitting: Story = {
  args: { defaultValues: { dataEnvio: '2026-01-20', ticketwhatsappId: '3' }, isSubmitting: true },
}

/** Two jobs started: the form says how many, and to follow them in the jobs list. */
export const Done: Story = {
  args: { defaultValues: { dataEnvio: '2026-01-20', ticketwhatsappId: '3' }, started: 2 },
  play: async ({ args, canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'Started 2 sends scheduled for that day. Follow them in the jobs list.',
    )
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open jobs' }))
    await expect(args.onOpenJobs).toHaveBeenCalled()
  },
}

/** Nothing of that connection was waiting for the day: it says so, and offers no jobs list. */
export const NothingStarted: Story = {
  args: { defaultValues: { dataEnvio: '2026-01-20', ticketwhatsappId: '3' }, started: 0 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'Nothing was waiting for that day on this connection: no send started.',
    )
    await expect(within(canvasElement).queryByRole('button', { name: 'Open jobs' })).toBeNull()
  },
}

export const Catalog: Story = {
  args: { defaultValues: { dataEnvio: '2026-01-20', ticketwhatsappId: '3' }, started: 1 },
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
