import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { QrCodeDialog } from './QrCodeDialog'

const CODE =
  '2@Xm1Qz8bR4tK9vL0pW7yN3cF6hJ5dS2aG8eU1iO4rT7,kq3M9xB2nV5cZ8lA1sD4fG7hJ0kL3pO6iU9yT2r=,Qw7Er4Ty1Ui8Op5As2Df9Gh6Jk3Lz0X='

const meta = {
  title: 'Components/QrCodeDialog',
  component: QrCodeDialog,
  args: { open: true, onClose: fn(), qrcode: CODE, connectionName: 'Main line' },
  tags: ['autodocs'],
} satisfies Meta<typeof QrCodeDialog>

export default meta
type Story = StoryObj<typeof meta>

/** The open dialog, once it has moved the focus inside (so later clicks do not race its initial focus). */
const dialog = async (canvasElement: HTMLElement) => {
  const element = await within(canvasElement.ownerDocument.body).findByRole('dialog')
  await waitFor(() => expect(element.contains(document.activeElement)).toBe(true))
  return within(element)
}

export const WithCode: Story = {
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    const image = await modal.findByRole('img', { name: 'QR code of Main line' })
    await expect(image).toHaveAttribute('width', '256')
    await expect(image.querySelector('path')?.getAttribute('d')?.length).toBeGreaterThan(100)
  },
}

/** Before the code arrives: a waiting text. */
export const Waiting: Story = {
  args: { qrcode: null },
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(modal.getByRole('status')).toHaveTextContent('Waiting for the QR code')
    await expect(modal.queryByRole('img')).toBeNull()
  },
}

export const Close: Story = {
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await userEvent.click(modal.getByRole('button', { name: 'Close' }))
    await expect(args.onClose).toHaveBeenCalled()
  },
}

export const Catalog: Story = {}

export const Light: Story = {
  globals: { colorMode: 'light' },
}

export const LightWaiting: Story = {
  args: { qrcode: '' },
  globals: { colorMode: 'light' },
}

export const Portuguese: Story = {
  globals: { locale: 'pt-BR' },
}
