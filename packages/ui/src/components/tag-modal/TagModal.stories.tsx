import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { TagModal } from './TagModal'

const meta = {
  title: 'Components/TagModal',
  component: TagModal,
  args: { open: true, onSubmit: fn(), onClose: fn() },
  tags: ['autodocs'],
} satisfies Meta<typeof TagModal>

export default meta
type Story = StoryObj<typeof meta>

const dialog = async (canvasElement: HTMLElement) => {
  const element = await within(canvasElement.ownerDocument.body).findByRole('dialog')
  await waitFor(() => expect(element.contains(document.activeElement)).toBe(true))
  return within(element)
}

export const Create: Story = {
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await userEvent.type(modal.getByLabelText(/Name/), ' VIP ')
    await userEvent.click(modal.getByRole('radio', { name: 'Orange 500' }))
    await userEvent.click(modal.getByRole('button', { name: 'Add' }))
    await expect(args.onSubmit).toHaveBeenCalledWith({ tag: 'VIP', color: '#f97316' })
  },
}

export const Edit: Story = { args: { initialValues: { tag: 'Late payer', color: '#d32f2f' } } }

/** A name and a colour are required; a comma would split the seed's lists, so it is refused. */
export const Validation: Story = {
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await userEvent.click(modal.getByRole('button', { name: 'Add' }))
    await expect(await modal.findAllByText('Required')).toHaveLength(2)
    await userEvent.type(modal.getByLabelText(/Name/), 'a,b')
    await userEvent.click(modal.getByRole('button', { name: 'Add' }))
    await expect(await modal.findByText('Invalid value')).toBeVisible()
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

/** The server's answer for a name in use shows under the name. */
export const NameTaken: Story = {
  args: {
    initialValues: { tag: 'VIP', color: '#ffaa00' },
    fieldErrors: [{ path: 'tag', message: 'validation.taken' }],
  },
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(await modal.findByText('Already in use')).toBeVisible()
  },
}
