import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { WebChatEmbedDialog } from './WebChatEmbedDialog'

const embed = {
  connectionId: 4,
  deskOrigin: 'https://desk.example.com',
  loaderPath: '/embed.js',
  framePath: '/widget/4',
  onReveal: fn(),
  onHide: fn(),
  onRotate: fn(),
  onCopy: fn(),
}

const meta = {
  title: 'Components/WebChatEmbedDialog',
  component: WebChatEmbedDialog,
  args: { open: true, onClose: fn(), connectionName: 'Website chat', embed },
  tags: ['autodocs'],
} satisfies Meta<typeof WebChatEmbedDialog>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog'))
    await expect(dialog.getByRole('heading', { name: 'Embed Website chat' })).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Reveal' })).toBeVisible()
  },
}

/** "Show an example": minting a visitor token and an agent-mode token, each with Copy. */
export const TokenExample: Story = {
  play: async ({ args, canvasElement }) => {
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog'))
    await expect(dialog.queryByText(/setSubject/)).not.toBeVisible()
    await userEvent.click(dialog.getByText('Show an example'))
    await expect(dialog.getByText(/setSubject\('customer-1234'\)/)).toBeVisible()
    await expect(dialog.getByText(/ticketId: 42, userEmail/)).toBeVisible()
    await userEvent.click(dialog.getByRole('button', { name: 'Copy Visitor token' }))
    await expect(args.embed?.onCopy).toHaveBeenCalledWith(expect.stringContaining("alg: 'HS256'"))
    dialog.getByRole('region', { name: 'Visitor token' }).scrollIntoView()
  },
}

/** The connection's settings are on their way. */
export const Loading: Story = {
  args: { embed: null },
}

export const LoadFailed: Story = {
  args: { embed: null, loadError: { code: 'ERR_NO_WAPP_FOUND' }, onRetryLoad: fn() },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement.ownerDocument.body).findByRole('alert')
    await expect(within(alert).getByRole('button', { name: 'Retry' })).toBeVisible()
  },
}
