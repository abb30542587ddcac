import { Input } from '@chakra-ui/react'
import { boundedString, email } from '@desk/api-client/contract'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { z } from 'zod'
import { FormField } from '../../internal/FormField'
import { FormDialog, type FormDialogProps } from './FormDialog'

/** A form of two fields with the contract's rules, as the modals build theirs. */
const schema = z.object({ name: boundedString(2, 50), email: email() })
type Values = z.input<typeof schema>
const empty: Values = { name: '', email: '' }
const ana: Values = { name: 'Ana Souza', email: 'ana@limedesk.test' }

function PersonDialog(props: Omit<FormDialogProps<Values>, 'schema' | 'serverFields' | 'children'>) {
  return (
    <FormDialog {...props} schema={schema} serverFields={['name', 'email']}>
      {({ register, formState: { errors } }) => (
        <>
          <FormField label="Name" error={errors.name?.message} required>
            <Input autoComplete="off" {...register('name')} />
          </FormField>
          <FormField label="E-mail" error={errors.email?.message} required>
            <Input type="email" autoComplete="off" {...register('email')} />
          </FormField>
        </>
      )}
    </FormDialog>
  )
}

const meta = {
  title: 'Components/FormDialog',
  component: PersonDialog,
  args: { open: true, title: 'Add person', submitLabel: 'Add', values: empty, onSubmit: fn(), onClose: fn() },
  tags: ['autodocs'],
} satisfies Meta<typeof PersonDialog>

export default meta
type Story = StoryObj<typeof meta>

/** The open dialog, once it has moved the focus inside. */
const dialog = async (canvasElement: HTMLElement) => {
  const element = await within(canvasElement.ownerDocument.body).findByRole('dialog')
  await waitFor(() => expect(element.contains(document.activeElement)).toBe(true))
  return within(element)
}

/** Filled in and sent: the values the schema gave back go to `onSubmit`. */
export const Create: Story = {
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await userEvent.type(modal.getByLabelText(/Name/), '  Bruno ')
    await userEvent.type(modal.getByLabelText(/E-mail/), 'Bruno@LimeDesk.test')
    await userEvent.click(modal.getByRole('button', { name: 'Add' }))
    await expect(args.onSubmit).toHaveBeenCalledWith({ name: 'Bruno', email: 'bruno@limedesk.test' })
  },
}

export const Edit: Story = {
  args: { title: 'Edit person', submitLabel: 'Save', values: ana },
}

/** The schema's message codes, translated under their fields; nothing is sent. */
export const Invalid: Story = {
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await userEvent.type(modal.getByLabelText(/E-mail/), 'not an address')
    await userEvent.click(modal.getByRole('button', { name: 'Add' }))
    await expect(await modal.findByText('Required')).toBeVisible()
    await expect(modal.getByText('Invalid email')).toBeVisible()
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

/** The server named a field: its message shows there, once (no banner), and the field reads as invalid. */
export const ServerFieldError: Story = {
  args: { values: ana, fieldErrors: [{ path: 'email', message: 'errors.ERR_DUPLICATED_EMAIL' }] },
  play: async ({ canvasElement }) => {
    const modal = within(await within(canvasElement.ownerDocument.body).findByRole('dialog'))
    await expect(await modal.findByText('A user with this email already exists.')).toBeVisible()
    await expect(modal.queryByRole('alert')).toBeNull()
    await expect(modal.getByLabelText(/E-mail/)).toHaveAttribute('aria-invalid', 'true')
    await expect(modal.getByLabelText(/Name/)).not.toHaveAttribute('aria-invalid')
  },
}

/** A failure that names none of the fields: one line above them. */
export const ServerError: Story = {
  args: { values: ana, error: { code: 'ERR_NO_PERMISSION' } },
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(modal.getByRole('alert')).toHaveTextContent("You don't have permission to do this.")
  },
}

/** The choices the fields offer failed to load: one line with Retry. */
export const LoadFailed: Story = {
  args: { values: ana, loadError: {}, onRetryLoad: fn() },
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await userEvent.click(modal.getByRole('button', { name: 'Retry' }))
    await expect(args.onRetryLoad).toHaveBeenCalledTimes(1)
  },
}

/** The data is on its way: a spinner instead of the fields, and saving waits. */
export const Loading: Story = {
  args: { values: ana, isLoading: true },
  play: async ({ canvasElement }) => {
    const modal = within(await within(canvasElement.ownerDocument.body).findByRole('dialog'))
    await expect(modal.getByRole('button', { name: 'Add' })).toBeDisabled()
  },
}

export const Submitting: Story = {
  args: { values: ana, isSubmitting: true },
}

export const Catalog: Story = {
  args: { values: ana, error: { code: 'ERR_NO_PERMISSION' }, loadError: {}, onRetryLoad: fn() },
}

export const Light: Story = {
  args: { values: ana },
  globals: { colorMode: 'light' },
}
