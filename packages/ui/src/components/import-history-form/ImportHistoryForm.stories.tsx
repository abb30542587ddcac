import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { ImportHistoryForm } from './ImportHistoryForm'

const connections = [
  { id: 1, name: 'Main line', status: 'CONNECTED' },
  { id: 2, name: 'Support line', status: 'DISCONNECTED' },
]

const meta = {
  title: 'Components/ImportHistoryForm',
  component: ImportHistoryForm,
  args: { connections, onSubmit: fn() },
  tags: ['autodocs'],
} satisfies Meta<typeof ImportHistoryForm>

export default meta
type Story = StoryObj<typeof meta>

const submit = (canvasElement: HTMLElement) =>
  userEvent.click(within(canvasElement).getByRole('button', { name: 'Import' }))

/** The seed's advice to keep the limit low, above the two fields. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Use low values/)).toBeVisible()
  },
}

/** Filled in and sent: the contract's body, with numbers. */
export const Filled: Story = {
  args: { defaultValues: { limit: '20', ticketwhatsappId: '1' } },
  play: async ({ args, canvasElement }) => {
    await submit(canvasElement)
    await expect(args.onSubmit).toHaveBeenCalledWith({ limit: 20, ticketwhatsappId: 1 })
  },
}

/** Both fields are required, and the limit is a whole number of at least 1. */
export const ValidationErrors: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await submit(canvasElement)
    await waitFor(() => expect(canvas.getAllByText('Required')).toHaveLength(2))
    await userEvent.type(canvas.getByRole('spinbutton', { name: /Import limit/ }), '0')
    await userEvent.type(canvas.getByRole('combobox', { name: /Dispatch ID/ }), '1')
    await submit(canvasElement)
    await expect(await canvas.findByText('Invalid value')).toBeVisible()
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

export const ServerFieldError: Story = {
  args: {
    defaultValues: { limit: '20', ticketwhatsappId: '2' },
    fieldErrors: [{ path: 'ticketwhatsappId', message: 'errors.ERR_WAPP_NOT_INITIALIZED' }],
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/has not been initialised/)).toBeVisible()
  },
}

export const Submitting: Story = {
  args: { defaultValues: { limit: '20', ticketwhatsappId: '1' }, isSubmitting: true },
}

export const Catalog: Story = {
  args: { defaultValues: { limit: '20', ticketwhatsappId: '1' } },
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
