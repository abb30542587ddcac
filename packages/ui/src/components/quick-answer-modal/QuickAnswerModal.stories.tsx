import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { QuickAnswerModal } from './QuickAnswerModal'

const hello = { shortcut: 'hello', message: '{{ms}}, {{name}}! My name is {{user}}, how can I help you today?' }

const meta = {
  title: 'Components/QuickAnswerModal',
  component: QuickAnswerModal,
  args: { open: true, onSubmit: fn(), onClose: fn() },
  tags: ['autodocs'],
} satisfies Meta<typeof QuickAnswerModal>

export default meta
type Story = StoryObj<typeof meta>

/** The open dialog, once it has moved the focus inside (so later clicks do not race its initial focus). */
const dialog = async (canvasElement: HTMLElement) => {
  const element = await within(canvasElement.ownerDocument.body).findByRole('dialog')
  await waitFor(() => expect(element.contains(document.activeElement)).toBe(true))
  return within(element)
}

/** The variable buttons insert at the caret (replacing a selection), and the caret moves past the insert. */
export const InsertAtCaret: Story = {
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await userEvent.type(modal.getByLabelText(/Shortcut/), '/welcome')
    const message = modal.getByLabelText(/Message/) as HTMLTextAreaElement
    await userEvent.type(message, 'Hello , your ticket is .')
    message.setSelectionRange(6, 6)
    await userEvent.click(modal.getByRole('button', { name: "Contact's name" }))
    await expect(message).toHaveValue('Hello {{name}}, your ticket is .')
    await expect(message).toHaveFocus()
    await expect(message.selectionStart).toBe(14)
    message.setSelectionRange(31, 31)
    await userEvent.click(modal.getByRole('button', { name: 'Ticket number' }))
    await expect(message).toHaveValue('Hello {{name}}, your ticket is {{ticket_id}}.')
    message.setSelectionRange(0, 5)
    await userEvent.click(modal.getByRole('button', { name: 'Greeting' }))
    await expect(message).toHaveValue('{{ms}} {{name}}, your ticket is {{ticket_id}}.')
    await userEvent.click(modal.getByRole('button', { name: 'Add' }))
    await expect(args.onSubmit).toHaveBeenCalledWith({
      shortcut: 'welcome',
      message: '{{ms}} {{name}}, your ticket is {{ticket_id}}.',
    })
  },
}

export const AllVariables: Story = {
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    const names = ["Contact's name", "Agent's name", 'Greeting', 'Date', 'Time', 'Ticket number', 'Queue', 'Connection']
    for (const name of names) await userEvent.click(modal.getByRole('button', { name }))
    await expect(modal.getByLabelText(/Message/)).toHaveValue(
      '{{name}}{{user}}{{ms}}{{date}}{{hour}}{{ticket_id}}{{queue}}{{connection}}',
    )
  },
}

export const TooShort: Story = {
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await userEvent.type(modal.getByLabelText(/Shortcut/), 'h')
    await userEvent.type(modal.getByLabelText(/Message/), 'Hi!')
    await userEvent.click(modal.getByRole('button', { name: 'Add' }))
    await expect(await modal.findAllByText('Too Short!')).toHaveLength(2)
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

export const Required: Story = {
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await userEvent.click(modal.getByRole('button', { name: 'Add' }))
    await expect(await modal.findAllByText('Required')).toHaveLength(2)
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

export const Edit: Story = {
  args: { initialValues: hello },
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await userEvent.click(modal.getByRole('button', { name: 'Save' }))
    await expect(args.onSubmit).toHaveBeenCalledWith(hello)
  },
}

export const ServerErrors: Story = {
  args: {
    initialValues: hello,
    error: { code: 'ERR_VALIDATION' },
    fieldErrors: [{ path: 'shortcut', message: 'This shortcut is already in use.' }],
  },
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(await modal.findByText('This shortcut is already in use.')).toBeVisible()
    await expect(modal.queryByRole('alert')).toBeNull()
  },
}

/** The server names a field this form does not show: the failure then shows once, above the fields. */
export const ServerErrorOnNoVisibleField: Story = {
  args: {
    initialValues: hello,
    error: { code: 'ERR_VALIDATION' },
    fieldErrors: [{ path: 'mediaPath', message: 'validation.invalid' }],
  },
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(modal.getByRole('alert')).toHaveTextContent('Some fields are not valid. Check the form.')
  },
}

export const Submitting: Story = {
  args: { initialValues: hello, isSubmitting: true },
}

export const Catalog: Story = {
  args: { initialValues: hello, error: { code: 'ERR_NO_PERMISSION' } },
}

export const Light: Story = {
  args: { initialValues: hello },
  globals: { colorMode: 'light' },
}

export const Spanish: Story = {
  args: { initialValues: hello },
  globals: { locale: 'es' },
}
