import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { ScheduleSendForm } from './ScheduleSendForm'

const connections = [
  { id: 1, name: 'Main line', status: 'CONNECTED' },
  { id: 3, name: 'Campaigns', status: 'CONNECTED' },
]

const meta = {
  component: ScheduleSendForm,
  args: { connections, onSubmit: fn(), onOpenJobs: fn() },
  tags: ['autodocs'],
} satisfies Meta<typeof ScheduleSendForm>

export default meta
type Story = StoryObj<typeof meta>

const submit = (canvasElement: HTMLElement) =>
  userEvent.click(within(canvasElement).getByRole('button', { name: 'Schedule' }))

export const Empty: Story = {}

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

/** Accepted: the page says to follow it in the jobs list. */
export const Done: Story = {
  args: { defaultValues: { dataEnvio: '2026-01-20', ticketwhatsappId: '3' }, done: true },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open jobs' }))
    await expect(args.onOpenJobs).toHaveBeenCalled()
  },
}

export const Catalog: Story = {
  args: { defaultValues: { dataEnvio: '2026-01-20', ticketwhatsappId: '3' }, done: true },
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
