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
    // Esc as the conversation does it: the contact panel or the reply first, then the conversation, keeping the draft.
    await expect(
      term('Close the contact panel or the reply first, then the conversation (the draft is kept)'),
    ).toHaveTextContent('Esc')
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

/** The dialog in another language: its title, and the line of Esc beside its key. */
const escapeIn =
  (title: string, does: string) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: title }))
    await expect(dialog.getByText(does).closest('dd')?.previousElementSibling).toHaveTextContent('Esc')
  }

export const Spanish: Story = {
  globals: { locale: 'es' },
  play: escapeIn(
    'Atajos de teclado',
    'Cerrar primero el panel del contacto o la respuesta y luego la conversación (el borrador se conserva)',
  ),
}

export const Portuguese: Story = {
  globals: { locale: 'pt-BR' },
  play: escapeIn(
    'Atalhos de teclado',
    'Fechar primeiro o painel do contato ou a resposta, depois a conversa (o rascunho fica guardado)',
  ),
}

export const Light: Story = {
  globals: { colorMode: 'light' },
}
