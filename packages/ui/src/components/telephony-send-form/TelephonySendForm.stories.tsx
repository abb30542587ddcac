import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test'
import { type TelephonySender, TelephonySendForm, type TelephonySendFormValues } from './TelephonySendForm'

const senders: TelephonySender[] = [
  { from: '+14155550100', name: 'US line', status: 'CONNECTED' },
  { from: 'MG0123456789abcdef0123456789abcdef', name: 'Campaigns service', status: 'CONNECTED' },
  { from: '+5511955550100', name: 'Brazil line', status: 'DISCONNECTED' },
]

const twenty = Array.from({ length: 20 }, (_, i) => `+1415555${String(1000 + i)}`).join('\n')

/** 161 GSM-7 characters: two segments of 153. */
const longNotice =
  'Hello from the store! Your order has shipped and should arrive on Friday between 9 and 12. ' +
  'Reply to this number with any question; we answer every day until 8pm.'

const filled: Partial<TelephonySendFormValues> = { to: twenty, text: longNotice, from: '+14155550100' }

const meta = {
  title: 'Components/TelephonySendForm',
  component: TelephonySendForm,
  args: { variant: 'sms', senders, onSubmit: fn(() => true) },
  tags: ['autodocs'],
} satisfies Meta<typeof TelephonySendForm>

export default meta
type Story = StoryObj<typeof meta>

/** /SMS before anything is typed: the provider's credits and the pace, the fields, an empty estimate. */
export const SmsEmpty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("Each message or call uses the telephony provider's credits.")).toBeVisible()
    await expect(canvas.getByText('GSM-7 · 0 segments · 0 characters, 160 left in this segment')).toBeVisible()
    await expect(canvas.getByText('No recipients yet.')).toBeVisible()
    const sender = canvas.getByRole('combobox', { name: /Sender/ })
    await expect(
      within(sender).getByRole('option', { name: 'Brazil line (+5511955550100), not connected' }),
    ).toBeDisabled()
  },
}

/** Twenty numbers and a 161-character message: two GSM-7 segments each, 40 in all. */
export const SmsFilled: Story = {
  args: { defaultValues: filled },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('GSM-7 · 2 segments · 161 characters, 145 left in this segment')).toBeVisible()
    await expect(canvas.getByText('20 numbers: 40 segments in all')).toBeVisible()
  },
}

/** One emoji makes the message UCS-2: 70 characters a segment, and the page says why. */
export const SmsUnicode: Story = {
  args: { defaultValues: { ...filled, text: 'Olá! Seu pedido chegou 📦 Retire até sexta.' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('UCS-2 · 1 segment · 43 characters, 27 left in this segment')).toBeVisible()
    await expect(canvas.getByText(/makes the whole message UCS-2/)).toBeVisible()
    await expect(canvas.getByText('20 numbers: 20 segments in all')).toBeVisible()
  },
}

/** Typing changes the estimate as the text grows past one segment. */
export const SmsTyping: Story = {
  args: { defaultValues: { to: '+14155550123', from: '+14155550100' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByRole('textbox', { name: /Message/ }), 'Price: 10€ {{today}')
    await expect(canvas.getByText('GSM-7 · 1 segment · 21 characters, 139 left in this segment')).toBeVisible()
    await expect(canvas.getByText('1 number: 1 segment in all')).toBeVisible()
  },
}

/** Sending asks first, with the size of the job; confirming hands back the contract's request and clears the list. */
export const SmsConfirm: Story = {
  args: { defaultValues: filled },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Send SMS' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Send 20 SMS (40 segments)?' })
    await expect(within(dialog).getByText(/From US line \(\+14155550100\)/)).toBeVisible()
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

/** Confirmed: the request goes out, the numbers and the message clear, the sender stays. */
export const SmsSent: Story = {
  args: { defaultValues: filled },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Send SMS' }))
    const dialog = await screen.findByRole('alertdialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send SMS' }))
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({ from: '+14155550100', to: twenty.split('\n'), text: longNotice }),
    )
    await waitFor(() => expect(canvas.getByRole('textbox', { name: /Numbers/ })).toHaveValue(''))
    await expect(canvas.getByRole('textbox', { name: /Message/ })).toHaveValue('')
    await expect(canvas.getByRole('combobox', { name: /Sender/ })).toHaveValue('+14155550100')
  },
}

/** Every field is required; a number with letters is refused by the contract's rule. */
export const SmsInvalid: Story = {
  args: { defaultValues: { to: '+14155550123\ncall me' } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Send SMS' }))
    await expect(await canvas.findAllByText('Required')).toHaveLength(2)
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

/** "Clear fields" empties the numbers and the message and keeps the sender. */
export const SmsReset: Story = {
  args: { defaultValues: filled },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Clear fields' }))
    await expect(canvas.getByRole('textbox', { name: /Numbers/ })).toHaveValue('')
    await expect(canvas.getByRole('textbox', { name: /Message/ })).toHaveValue('')
    await expect(canvas.getByRole('combobox', { name: /Sender/ })).toHaveValue('+14155550100')
  },
}

/** /VoiceCall: the message is spoken; the estimate counts calls; the confirmation names them. */
export const VoiceFilled: Story = {
  args: { variant: 'voice', defaultValues: { ...filled, text: 'Your appointment is tomorrow at 10.' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('textbox', { name: /Message to speak/ })).toBeVisible()
    await expect(canvas.getByText('20 calls')).toBeVisible()
    await expect(canvas.queryByText(/GSM-7/)).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Place calls' }))
    await expect(await screen.findByRole('alertdialog', { name: 'Place 20 calls?' })).toBeVisible()
  },
}

/** No telephony connection yet: the sender says where to add one. */
export const NoSenders: Story = {
  args: { senders: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No telephony connection yet: add one in Connections.')).toBeVisible()
  },
}

/** On a phone (390 px) the fields stack and the buttons wrap. */
export const SmsPhone: Story = {
  args: { defaultValues: { ...filled, text: 'Olá! Seu pedido chegou 📦' } },
  globals: { viewport: { value: 'phone' } },
}

/** The filled SMS form in both colour modes and the three languages. */
export const Catalog: Story = {
  args: { defaultValues: filled },
  parameters: {
    catalog: {
      columns: 2,
      dimensions: [
        { name: 'colorMode', values: ['dark', 'light'] },
        { name: 'locale', values: ['en', 'pt-BR', 'es'] },
      ],
    },
  },
}
