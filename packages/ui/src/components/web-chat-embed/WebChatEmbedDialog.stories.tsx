import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, within } from 'storybook/test'
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
