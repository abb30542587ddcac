import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { QueueModal } from './QueueModal'

const sales = { name: 'Sales', color: '#84cc16', greetingMessage: 'Welcome to sales! How can we help?' }

const meta = {
  title: 'Components/QueueModal',
  component: QueueModal,
  args: { open: true, onSubmit: fn(), onClose: fn() },
  tags: ['autodocs'],
} satisfies Meta<typeof QueueModal>

export default meta
type Story = StoryObj<typeof meta>

/** The open dialog, once it has moved the focus inside (so later clicks do not race its initial focus). */
const dialog = async (canvasElement: HTMLElement) => {
  const element = await within(canvasElement.ownerDocument.body).findByRole('dialog')
  await waitFor(() => expect(element.contains(document.activeElement)).toBe(true))
  return within(element)
}

export const Create: Story = {
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(modal.getAllByRole('radio')).toHaveLength(50)
    await userEvent.type(modal.getByLabelText(/Name/), 'Support')
    await userEvent.click(modal.getByRole('radio', { name: 'Blue 500' }))
    await userEvent.type(modal.getByLabelText('Greeting message'), 'Hi! Tell us what went wrong.')
    await userEvent.click(modal.getByRole('button', { name: 'Add' }))
    await expect(args.onSubmit).toHaveBeenCalledWith({
      name: 'Support',
      color: '#3b82f6',
      greetingMessage: 'Hi! Tell us what went wrong.',
    })
  },
}

/** The palette is one radio group: Tab lands on the chosen colour, the arrow keys move along it. */
export const KeyboardPicking: Story = {
  args: { initialValues: { ...sales, color: '#ef4444' } },
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    modal.getByLabelText(/Name/).focus()
    await userEvent.tab()
    await expect(modal.getByRole('radio', { name: 'Red 500' })).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}')
    await expect(modal.getByRole('radio', { name: 'Orange 500' })).toBeChecked()
    await userEvent.click(modal.getByRole('button', { name: 'Save' }))
    await expect(args.onSubmit).toHaveBeenCalledWith({ ...sales, color: '#f97316' })
  },
}

/** Before any colour is picked, each hue keeps its column: the five shades of red stand in one line. */
export const PaletteAlignedBeforePicking: Story = {
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    const left = (name: string) => modal.getByRole('radio', { name }).closest('label')?.getBoundingClientRect().left
    await expect(modal.queryByRole('radio', { name: 'Current colour' })).toBeNull()
    for (const shade of [400, 500, 600, 700]) await expect(left(`Red ${shade}`)).toBe(left('Red 300'))
    await expect(left('Pink 300')).toBe(left('Pink 700'))
  },
}

export const RequiresNameAndColour: Story = {
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await userEvent.click(modal.getByRole('button', { name: 'Add' }))
    await expect(await modal.findAllByText('Required')).toHaveLength(2)
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

/** A colour from before the palette stays choosable, first in the grid. */
export const ColourOutsideThePalette: Story = {
  args: { initialValues: { name: 'Legacy', color: '#123abc', greetingMessage: null } },
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(modal.getByRole('radio', { name: 'Current colour' })).toBeChecked()
    await userEvent.click(modal.getByRole('button', { name: 'Save' }))
    await expect(args.onSubmit).toHaveBeenCalledWith({ name: 'Legacy', color: '#123abc', greetingMessage: null })
  },
}

export const ColourAlreadyUsed: Story = {
  args: { initialValues: sales, error: { code: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' } },
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(modal.getByRole('alert')).toHaveTextContent('This colour is already in use. Pick another one.')
  },
}

export const ServerFieldErrors: Story = {
  args: { initialValues: sales, fieldErrors: [{ path: 'name', message: 'validation.tooLong' }] },
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(await modal.findByText('Too Long!')).toBeVisible()
  },
}

export const Submitting: Story = {
  args: { initialValues: sales, isSubmitting: true },
}

export const Catalog: Story = {
  args: { initialValues: sales, error: { code: 'ERR_WAPP_GREETING_REQUIRED' } },
}

export const Light: Story = {
  args: { initialValues: sales },
  globals: { colorMode: 'light' },
}

export const Portuguese: Story = {
  args: { initialValues: sales },
  globals: { locale: 'pt-BR' },
}
