import { Box } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { WebChatEmbedPanel } from './WebChatEmbedPanel'

const SECRET = 'q3Zt8vN1xW0kLm4PbR7yHs2cJf9GdA6eUo5TiKwVn1E'

const meta = {
  title: 'Components/WebChatEmbedPanel',
  component: WebChatEmbedPanel,
  args: {
    connectionId: 4,
    deskOrigin: 'https://desk.example.com',
    loaderPath: '/embed.js',
    framePath: '/widget/4',
    onReveal: fn(),
    onHide: fn(),
    onRotate: fn(),
    onCopy: fn(),
  },
  decorators: [
    (Story) => (
      <Box maxWidth="2xl" padding="4">
        <Story />
      </Box>
    ),
  ],
  tags: ['autodocs'],
} satisfies Meta<typeof WebChatEmbedPanel>

export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

/** The script tag and iframe address come from the props; the secret stays hidden until Reveal. */
export const SecretHidden: Story = {
  play: async ({ args, canvas }) => {
    await expect(canvas.getByText(/data-connection="4"/)).toHaveTextContent(
      '<script src="https://desk.example.com/embed.js" data-connection="4" async></script>',
    )
    await expect(canvas.getByText('https://desk.example.com/widget/4?mode=inline')).toBeVisible()
    await expect(canvas.queryByDisplayValue(SECRET)).toBeNull()
    await expect(canvas.queryByRole('button', { name: 'Copy' })).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Copy Plain iframe' }))
    await expect(args.onCopy).toHaveBeenCalledWith('https://desk.example.com/widget/4?mode=inline')
    await userEvent.click(canvas.getByRole('button', { name: 'Reveal' }))
    await expect(args.onReveal).toHaveBeenCalled()
  },
}

/** Revealed: the secret with Copy and Hide, and when it was last rotated. */
export const SecretRevealed: Story = {
  args: { secret: SECRET, rotatedAt: '2026-01-14T16:20:00.000Z' },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByDisplayValue(SECRET)).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Copy' }))
    await expect(args.onCopy).toHaveBeenCalledWith(SECRET)
    await userEvent.click(canvas.getByRole('button', { name: 'Hide' }))
    await expect(args.onHide).toHaveBeenCalled()
  },
}

/** Rotate asks first, saying that the partners' current tokens stop working. */
export const RotateConfirm: Story = {
  args: { secret: SECRET },
  play: async ({ args, canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Rotate' }))
    const dialog = within(await body(canvasElement).findByRole('alertdialog', { name: 'Rotate the signing secret?' }))
    await expect(dialog.getByText(/signed with the current secret stop working/)).toBeVisible()
    await expect(args.onRotate).not.toHaveBeenCalled()
  },
}

/** Confirming rotates; cancelling does not. */
export const RotateConfirmed: Story = {
  args: { secret: SECRET },
  play: async ({ args, canvas, canvasElement }) => {
    const page = body(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Rotate' }))
    let dialog = within(await page.findByRole('alertdialog'))
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(page.queryByRole('alertdialog')).toBeNull())
    await expect(args.onRotate).not.toHaveBeenCalled()
    await userEvent.click(canvas.getByRole('button', { name: 'Rotate' }))
    dialog = within(await page.findByRole('alertdialog'))
    await userEvent.click(dialog.getByRole('button', { name: 'Rotate' }))
    await waitFor(() => expect(page.queryByRole('alertdialog')).toBeNull())
    await expect(args.onRotate).toHaveBeenCalledOnce()
  },
}

/** Reading the secret failed: the reason under it. */
export const SecretFailed: Story = {
  args: { secretError: { code: 'ERR_NO_PERMISSION' } },
}

export const Rotating: Story = {
  args: { secret: SECRET, isRotating: true },
}

export const Spanish: Story = {
  globals: { locale: 'es' },
}
