import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { ContactModal } from './ContactModal'

const carla = {
  name: 'Carla Dias',
  number: '5513912344321',
  email: 'carla@example.com',
  extraInfo: [
    { id: 7, name: 'Company', value: 'Dias & Filhos' },
    { id: 8, name: 'Customer since', value: '2019' },
  ],
}

const meta = {
  title: 'Components/ContactModal',
  component: ContactModal,
  args: { open: true, onSubmit: fn(), onClose: fn() },
  tags: ['autodocs'],
} satisfies Meta<typeof ContactModal>

export default meta
type Story = StoryObj<typeof meta>

/** The open dialog, once it has moved the focus inside (so later clicks do not race its initial focus). */
const dialog = async (canvasElement: HTMLElement) => {
  const element = await within(canvasElement.ownerDocument.body).findByRole('dialog')
  await waitFor(() => expect(element.contains(document.activeElement)).toBe(true))
  return within(element)
}

/** Formatting in the number is dropped; two rows of other information are added, one removed again. */
export const Create: Story = {
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await userEvent.type(modal.getByLabelText(/Name/), 'Bruno Lima')
    await userEvent.type(modal.getByLabelText('Number'), '+55 (13) 91234-4321')
    await userEvent.type(modal.getByLabelText('Email'), 'bruno@example.com')
    await userEvent.click(modal.getByRole('button', { name: 'Add information' }))
    await userEvent.click(modal.getByRole('button', { name: 'Add information' }))
    await userEvent.click(modal.getByRole('button', { name: 'Add information' }))
    await userEvent.click(modal.getByRole('button', { name: 'Remove row 3' }))
    const names = modal.getAllByLabelText('Field')
    const values = modal.getAllByLabelText('Value')
    await userEvent.type(names[0], 'Company')
    await userEvent.type(values[0], 'Lima Ltda')
    await userEvent.type(names[1], 'CPF')
    await userEvent.type(values[1], '123.456.789-00')
    await userEvent.click(modal.getByRole('button', { name: 'Add' }))
    await expect(args.onSubmit).toHaveBeenCalledWith({
      name: 'Bruno Lima',
      number: '5513912344321',
      email: 'bruno@example.com',
      extraInfo: [
        { name: 'Company', value: 'Lima Ltda' },
        { name: 'CPF', value: '123.456.789-00' },
      ],
    })
  },
}

/** Only the name is required: number and e-mail go as null. */
export const NameOnly: Story = {
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await userEvent.type(modal.getByLabelText(/Name/), 'Walk-in customer')
    await userEvent.click(modal.getByRole('button', { name: 'Add' }))
    await expect(args.onSubmit).toHaveBeenCalledWith({
      name: 'Walk-in customer',
      number: null,
      email: null,
      extraInfo: [],
    })
  },
}

export const InvalidFields: Story = {
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await userEvent.type(modal.getByLabelText(/Name/), 'A')
    await userEvent.type(modal.getByLabelText('Number'), '1234567')
    await userEvent.type(modal.getByLabelText('Email'), 'not-an-email')
    await userEvent.click(modal.getByRole('button', { name: 'Add information' }))
    await userEvent.click(modal.getByRole('button', { name: 'Add' }))
    await expect(await modal.findAllByText('Too Short!')).toHaveLength(2)
    await expect(modal.getByText('Invalid email')).toBeVisible()
    await expect(modal.getAllByText('Required')).toHaveLength(2)
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

/** Editing keeps the ids of the rows that stay, so the server updates them instead of adding new ones. */
export const Edit: Story = {
  args: { initialValues: carla },
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(modal.getByRole('heading', { name: 'Edit contact' })).toBeVisible()
    await userEvent.click(modal.getByRole('button', { name: 'Remove row 1' }))
    await userEvent.click(modal.getByRole('button', { name: 'Save' }))
    await expect(args.onSubmit).toHaveBeenCalledWith({ ...carla, extraInfo: [carla.extraInfo[1]] })
  },
}

/** A name alone (typed in a search) opens the dialog for a new contact with the name filled in. */
export const PrefilledName: Story = {
  args: { initialValues: { name: 'Diego' } },
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(modal.getByRole('heading', { name: 'Add contact' })).toBeVisible()
    await expect(modal.getByLabelText(/Name/)).toHaveValue('Diego')
  },
}

export const ServerErrors: Story = {
  args: {
    initialValues: carla,
    error: { code: 'ERR_DUPLICATED_CONTACT' },
    fieldErrors: [
      { path: 'number', message: 'errors.ERR_DUPLICATED_CONTACT' },
      { path: 'extraInfo.1.value', message: 'validation.tooLong' },
    ],
  },
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    // Under their fields only: no banner repeats the number's message.
    await expect(await modal.findByText('A contact with this number already exists.')).toBeVisible()
    await expect(await modal.findByText('Too Long!')).toBeVisible()
    await expect(modal.getByLabelText('Number')).toHaveAttribute('aria-invalid', 'true')
    await expect(modal.queryByRole('alert')).toBeNull()
  },
}

export const Submitting: Story = {
  args: { initialValues: carla, isSubmitting: true },
}

/** The contact is still being fetched: a spinner stands in for the fields and Save waits. */
export const Loading: Story = {
  args: { mode: 'edit', isLoading: true },
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(modal.getByRole('status')).toHaveTextContent('Loading…')
    await expect(modal.queryByLabelText(/Name/)).toBeNull()
    await expect(modal.getByRole('button', { name: 'Save' })).toBeDisabled()
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

export const Catalog: Story = {
  args: { initialValues: carla, error: { code: 'ERR_WAPP_CHECK_CONTACT' } },
}

export const Light: Story = {
  args: { initialValues: carla },
  globals: { colorMode: 'light' },
}

export const Portuguese: Story = {
  args: { initialValues: carla },
  globals: { locale: 'pt-BR' },
}
