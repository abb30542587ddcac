import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { UserModal } from './UserModal'

const queues = [
  { id: 1, name: 'Sales', color: '#84cc16' },
  { id: 2, name: 'Support', color: '#0ea5e9' },
  { id: 3, name: 'Billing', color: '#f97316' },
]
const connections = [
  { id: 1, name: 'Main line' },
  { id: 2, name: 'Support line' },
]
const ana = {
  name: 'Ana Souza',
  email: 'ana@limedesk.test',
  profile: 'user' as const,
  queueIds: [2],
  whatsappId: 2,
}

const meta = {
  title: 'Components/UserModal',
  component: UserModal,
  args: { open: true, onSubmit: fn(), onClose: fn(), queues, connections },
  tags: ['autodocs'],
} satisfies Meta<typeof UserModal>

export default meta
type Story = StoryObj<typeof meta>

const dialog = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body).findByRole('dialog')

export const CreateAsAdmin: Story = {
  args: { mode: 'create', canEditAdminFields: true },
  play: async ({ args, canvasElement }) => {
    const modal = within(await dialog(canvasElement))
    await expect(modal.getByLabelText('Profile')).toHaveValue('user')
    await userEvent.type(modal.getByLabelText(/Name/), 'Bruno Lima')
    await userEvent.type(modal.getByLabelText(/Email/), 'bruno@limedesk.test')
    await userEvent.type(modal.getByLabelText(/Password/), 'secret1')
    await userEvent.click(modal.getByRole('checkbox', { name: 'Sales' }))
    await userEvent.selectOptions(modal.getByLabelText('Default connection'), 'Main line')
    await userEvent.click(modal.getByRole('button', { name: 'Add' }))
    await expect(args.onSubmit).toHaveBeenCalledWith({
      name: 'Bruno Lima',
      email: 'bruno@limedesk.test',
      password: 'secret1',
      profile: 'user',
      queueIds: [1],
      whatsappId: 1,
    })
  },
}

export const CreateRequiresFields: Story = {
  args: { mode: 'create' },
  play: async ({ args, canvasElement }) => {
    const modal = within(await dialog(canvasElement))
    await userEvent.click(modal.getByRole('button', { name: 'Add' }))
    await expect(await modal.findAllByText('Required')).toHaveLength(3)
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

export const EditAsAdmin: Story = {
  args: { initialValues: ana, canEditAdminFields: true },
}

/**
 * An administrator moves an agent to another queue without touching the password: the field says an empty one keeps
 * the current password, and saving hands back no password at all (so the agent's password and sessions stay).
 */
export const EditKeepsPassword: Story = {
  args: { initialValues: ana, canEditAdminFields: true },
  play: async ({ args, canvasElement }) => {
    const modal = within(await dialog(canvasElement))
    const password = modal.getByLabelText(/Password/)
    await expect(password).toHaveValue('')
    await expect(password).not.toBeRequired()
    await expect(modal.getByText('Leave empty to keep the current password.')).toBeVisible()
    await userEvent.click(modal.getByRole('checkbox', { name: 'Sales' }))
    await userEvent.click(modal.getByRole('button', { name: 'Save' }))
    await expect(args.onSubmit).toHaveBeenCalledWith({ ...ana, queueIds: [2, 1] })
    await expect(args.onSubmit.mock.calls[0][0]).not.toHaveProperty('password')
  },
}

/** A new password that is typed must still be a valid one. */
export const EditShortPasswordRefused: Story = {
  args: { initialValues: ana },
  play: async ({ args, canvasElement }) => {
    const modal = within(await dialog(canvasElement))
    await userEvent.type(modal.getByLabelText(/Password/), 'abc')
    await userEvent.click(modal.getByRole('button', { name: 'Save' }))
    await expect(await modal.findByText('Password invalid')).toBeVisible()
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

/** An agent editing their own profile sees no profile, queue or connection fields. */
export const EditOwnProfile: Story = {
  args: { initialValues: ana, canEditAdminFields: false },
  play: async ({ args, canvasElement }) => {
    const modal = within(await dialog(canvasElement))
    await expect(modal.queryByLabelText('Profile')).toBeNull()
    await userEvent.type(modal.getByLabelText(/Password/), 'newpass')
    await userEvent.click(modal.getByRole('button', { name: 'Save' }))
    await expect(args.onSubmit).toHaveBeenCalledWith({ ...ana, password: 'newpass' })
    await expect(args.onSubmit.mock.calls[0][0]).not.toHaveProperty('language')
  },
}

/** An agent's own Profile shows their queues and default connection, read-only. */
export const OwnAssignmentsReadOnly: Story = {
  args: { initialValues: ana, canEditAdminFields: false, showAssignments: true },
  play: async ({ canvasElement }) => {
    const modal = within(await dialog(canvasElement))
    await expect(modal.getByRole('checkbox', { name: 'Support' })).toBeChecked()
    await expect(modal.getByRole('checkbox', { name: 'Support' })).toBeDisabled()
    await expect(modal.getByRole('checkbox', { name: 'Sales' })).not.toBeChecked()
    await expect(modal.getByLabelText('Default connection')).toHaveValue('2')
    await expect(modal.getByLabelText('Default connection')).toBeDisabled()
    await expect(modal.queryByLabelText('Profile')).toBeNull()
  },
}

/** Profile: the user also picks their own interface language, listed in each language's own name. */
export const EditOwnProfileWithLanguage: Story = {
  args: { initialValues: { ...ana, language: 'pt-BR' }, showLanguage: true },
  play: async ({ args, canvasElement }) => {
    const modal = within(await dialog(canvasElement))
    const language = modal.getByLabelText('Language')
    await expect(language).toHaveValue('pt-BR')
    await expect(
      within(language)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['English', 'Português', 'Español'])
    await userEvent.selectOptions(language, 'Español')
    await userEvent.type(modal.getByLabelText(/Password/), 'newpass')
    await userEvent.click(modal.getByRole('button', { name: 'Save' }))
    await expect(args.onSubmit).toHaveBeenCalledWith({ ...ana, password: 'newpass', language: 'es' })
  },
}

export const ServerFieldErrors: Story = {
  args: {
    initialValues: ana,
    fieldErrors: [
      { path: 'email', message: 'A user with this email already exists.' },
      { path: 'name', message: 'validation.tooLong' },
    ],
  },
  play: async ({ canvasElement }) => {
    const modal = within(await dialog(canvasElement))
    await expect(await modal.findByText('A user with this email already exists.')).toBeVisible()
    await expect(modal.getByText('Too Long!')).toBeVisible()
  },
}

export const NoPermission: Story = {
  args: { initialValues: ana, canEditAdminFields: true, error: { code: 'ERR_NO_PERMISSION' } },
}

export const NoQueuesYet: Story = {
  args: { mode: 'create', canEditAdminFields: true, queues: [], connections: [] },
}

export const Submitting: Story = {
  args: { initialValues: { ...ana, password: 'secret1' }, canEditAdminFields: true, isSubmitting: true },
}

export const Catalog: Story = {
  args: { initialValues: ana, canEditAdminFields: true, error: { code: 'ERR_LAST_ADMIN' } },
}

export const Light: Story = {
  args: {
    initialValues: ana,
    canEditAdminFields: true,
    fieldErrors: [{ path: 'name', message: 'validation.tooShort' }],
  },
  globals: { colorMode: 'light' },
}
