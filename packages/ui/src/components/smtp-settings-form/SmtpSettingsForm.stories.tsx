import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { SmtpSettingsForm } from './SmtpSettingsForm'

const configured = {
  host: 'smtp.example.com',
  port: 587,
  secure: false,
  user: 'desk',
  hasPassword: true,
  sender: 'support@example.com',
  notifyTo: 'team@example.com',
  sendOnClose: true,
  sendTranscript: false,
  source: 'settings' as const,
}

const meta = {
  title: 'Components/SmtpSettingsForm',
  component: SmtpSettingsForm,
  args: {
    settings: configured,
    onSave: fn(),
    onTest: fn(),
    failed: [],
    onReloadFailed: fn(),
    onRetry: fn(),
  },
  tags: ['autodocs'],
} satisfies Meta<typeof SmtpSettingsForm>

export default meta
type Story = StoryObj<typeof meta>

/** A saved server: the password is never shown, only that one is kept; an empty field keeps it. */
export const Configured: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByLabelText('Password')).toHaveValue('')
    await expect(canvas.getByText('A password is saved. Leave empty to keep it.')).toBeVisible()
    await userEvent.click(canvas.getByRole('switch', { name: /Attach the conversation/ }))
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }))
    await expect(args.onSave).toHaveBeenCalledWith(
      expect.objectContaining({ host: 'smtp.example.com', port: 587, sendTranscript: true }),
    )
    await expect(args.onSave).toHaveBeenCalledWith(expect.not.objectContaining({ password: expect.anything() }))
  },
}

/** Nothing set here: mail goes through the server's SMTP_URL. */
export const FromEnvironment: Story = {
  args: {
    settings: { ...configured, host: null, port: null, user: null, hasPassword: false, notifyTo: null, source: 'env' },
  },
}

export const NotConfigured: Story = {
  args: {
    settings: {
      ...configured,
      host: null,
      port: null,
      user: null,
      hasPassword: false,
      sender: null,
      notifyTo: null,
      source: 'none',
    },
  },
}

/** The test e-mail goes to the address typed. */
export const SendingTest: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText('Test address'), 'me@example.com')
    await userEvent.click(canvas.getByRole('button', { name: 'Send test e-mail' }))
    await expect(args.onTest).toHaveBeenCalledWith('me@example.com')
  },
}

export const Saving: Story = { args: { isSaving: true, isTesting: true } }

export const InvalidPort: Story = { args: { fieldErrors: [{ path: 'port', message: 'validation.invalid' }] } }

/** Mails the SMTP server refused, with "Send again". */
export const FailedMails: Story = {
  args: {
    failed: [
      {
        id: 7,
        recipient: 'maria@example.com',
        subject: 'Conversation #12 closed',
        attempts: 5,
        lastError: '451 Mailbox unavailable, try later',
      },
    ],
  },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Send again' }))
    await expect(args.onRetry).toHaveBeenCalledWith(7)
  },
}

export const FailedMailsLoading: Story = { args: { failed: undefined, isLoadingFailed: true } }

export const FailedMailsError: Story = {
  args: { failed: undefined, failedError: { code: 'ERR_INTERNAL', message: 'Internal error' } },
}
