import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { ShortcutsDialog } from './ShortcutsDialog'

const meta = {
  title: 'Components/ShortcutsDialog',
  component: ShortcutsDialog,
  args: { open: true, onClose: fn() },
  tags: ['autodocs'],
} satisfies Meta<typeof ShortcutsDialog>

export default meta
type Story = StoryObj<typeof meta>

const dialogOf = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Keyboard shortcuts' }))

/** Every shortcut, grouped by where it works; Escape closes. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const dialog = await dialogOf(canvasElement)
    for (const name of ['Everywhere', 'Ticket list', 'Conversation']) {
      await expect(dialog.getByRole('heading', { name })).toBeVisible()
    }
    const term = (text: string) => dialog.getByText(text).closest('dd')?.previousElementSibling
    await expect(term('Go to a page, or find a ticket or contact')).toHaveTextContent('Ctrl+K')
    await expect(term('Show these shortcuts')).toHaveTextContent('?')
    await expect(term('Previous or next ticket')).toHaveTextContent('↑or↓')
    await expect(term('Close the contact panel, then the conversation')).toHaveTextContent('Esc')
    await expect(term('Quick answers, at the start of the message')).toHaveTextContent('/')
    await userEvent.keyboard('{Escape}')
    await expect(args.onClose).toHaveBeenCalled()
  },
}

/** On a Mac the modifier is ⌘. */
export const Mac: Story = {
  args: { modKey: '⌘' },
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement)
    await expect(
      dialog.getByText('Go to a page, or find a ticket or contact').closest('dd')?.previousElementSibling,
    ).toHaveTextContent('⌘+K')
  },
}

export const Spanish: Story = {
  globals: { locale: 'es' },
}

export const Light: Story = {
  globals: { colorMode: 'light' },
}
