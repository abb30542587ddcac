import { deskFixtures, handlers, type MockDb, mockDb } from '@desk/api-client/mocks'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { serverChangesJob, settle, withApp } from '../../stories/withApp'
import { TelephonyPage } from './TelephonyPage'

/** The two telephony lines of the fixtures (a Twilio number and the simulator) beside the other connections. */
const withLines = (db: MockDb) => void db.connections.push(...structuredClone(deskFixtures.telephonyConnections))

const meta = {
  title: 'Pages/Outreach/Telephony',
  component: TelephonyPage,
  decorators: [withApp],
  args: { variant: 'sms' },
  parameters: { layout: 'fullscreen', app: { path: '/SMS', socket: true, seed: withLines }, msw: { handlers } },
} satisfies Meta<typeof TelephonyPage>

export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

const twenty = Array.from({ length: 20 }, (_, i) => `+1415555${String(1000 + i)}`).join('\n')

/** /SMS with nothing typed: the telephony lines to send from, an empty estimate. */
export const SmsEmpty: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    const sender = page.getByRole('combobox', { name: /Sender/ })
    await waitFor(() => expect(within(sender).getByRole('option', { name: 'US line (+14155550100)' })).toBeVisible())
    await expect(within(sender).getByRole('option', { name: 'Test line (+15005550100)' })).toBeVisible()
    await expect(page.getByText('No recipients yet.')).toBeVisible()
    await settle()
  },
}

/**
 * Twenty numbers and an SMS with an emoji: UCS-2, one segment each. Sending asks "Send 20 SMS (20 segments)?";
 * once confirmed the job shows under the form and its counter follows the server's events.
 */
export const SmsSendingProgress: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    const sender = page.getByRole('combobox', { name: /Sender/ })
    await waitFor(() => expect(within(sender).getByRole('option', { name: 'US line (+14155550100)' })).toBeVisible())
    await userEvent.click(page.getByRole('textbox', { name: /Numbers/ }))
    await userEvent.paste(twenty)
    await userEvent.type(page.getByRole('textbox', { name: /Message/ }), 'Your order is ready 📦')
    await userEvent.selectOptions(sender, 'US line (+14155550100)')
    await expect(page.getByText('UCS-2 · 1 segment · 22 characters, 48 left in this segment')).toBeVisible()
    await expect(page.getByText('20 numbers: 20 segments in all')).toBeVisible()
    await userEvent.click(page.getByRole('button', { name: 'Send SMS' }))
    const dialog = await page.findByRole('alertdialog', { name: 'Send 20 SMS (20 segments)?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send SMS' }))
    await expect(await page.findByText('Sent messages: 0 / 20 · 20 segments')).toBeVisible()
    const job = mockDb.jobs[0]
    await expect(job?.kind).toBe('sms')
    await expect(job?.segments).toBe(20)
    await serverChangesJob(job, { sent: 7 })
    await waitFor(() => expect(page.getByText('Sent messages: 7 / 20 · 20 segments')).toBeVisible())
    await waitFor(() => expect(page.getByRole('textbox', { name: /Numbers/ })).toHaveValue(''))
    await settle()
  },
}

/** The line was deleted after the page listed it: the server's refusal is said above the form. */
export const SenderUnknown: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    const sender = page.getByRole('combobox', { name: /Sender/ })
    await waitFor(() => expect(within(sender).getByRole('option', { name: 'US line (+14155550100)' })).toBeVisible())
    await userEvent.type(page.getByRole('textbox', { name: /Numbers/ }), '+14155551000')
    await userEvent.type(page.getByRole('textbox', { name: /Message/ }), 'Hello')
    await userEvent.selectOptions(sender, 'US line (+14155550100)')
    mockDb.connections = mockDb.connections.filter((c) => c.id !== 60)
    await userEvent.click(page.getByRole('button', { name: 'Send SMS' }))
    const dialog = await page.findByRole('alertdialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send SMS' }))
    const refusal = await page.findByText('No telephony connection sends from this number.')
    await waitFor(() => expect(refusal).toBeVisible())
    await expect(page.getByRole('textbox', { name: /Numbers/ })).toHaveValue('+14155551000')
    await settle()
  },
}

/** /VoiceCall: the spoken message and the calls counted; the job's counter says calls. */
export const VoiceSendingProgress: Story = {
  args: { variant: 'voice' },
  parameters: { app: { path: '/VoiceCall' } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    const sender = page.getByRole('combobox', { name: /Sender/ })
    await waitFor(() => expect(within(sender).getByRole('option', { name: 'Test line (+15005550100)' })).toBeVisible())
    await userEvent.type(page.getByRole('textbox', { name: /Numbers/ }), '+14155551000{enter}+14155551001')
    await userEvent.type(page.getByRole('textbox', { name: /Message to speak/ }), 'Your appointment is tomorrow at 10.')
    await userEvent.selectOptions(sender, 'Test line (+15005550100)')
    await expect(page.getByText('2 calls')).toBeVisible()
    await userEvent.click(page.getByRole('button', { name: 'Place calls' }))
    const dialog = await page.findByRole('alertdialog', { name: 'Place 2 calls?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Place calls' }))
    await expect(await page.findByText('Calls made: 0 / 2')).toBeVisible()
    await expect(mockDb.jobs[0]?.kind).toBe('voiceCall')
    await settle()
  },
}

/** On a phone (390 px): the fields stack, the buttons wrap, nothing overflows sideways. */
export const SmsPhone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByRole('button', { name: 'Send SMS' })).toBeVisible()
    await userEvent.type(page.getByRole('textbox', { name: /Message/ }), 'Olá! Seu pedido chegou.')
    await expect(page.getByText(/UCS-2 · 1 segment/)).toBeVisible()
    const doc = canvasElement.ownerDocument.documentElement
    await expect(doc.scrollWidth).toBeLessThanOrEqual(doc.clientWidth)
    await settle()
  },
}

/** Twenty numbers and a 161-character text: two GSM-7 segments each; the page asks before sending 40. */
export const SmsConfirm: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    const sender = page.getByRole('combobox', { name: /Sender/ })
    await waitFor(() => expect(within(sender).getByRole('option', { name: 'US line (+14155550100)' })).toBeVisible())
    await userEvent.click(page.getByRole('textbox', { name: /Numbers/ }))
    await userEvent.paste(twenty)
    await userEvent.click(page.getByRole('textbox', { name: /Message/ }))
    await userEvent.paste(
      `Your order has shipped. ${'Track it with the link we e-mailed you. '.repeat(3)}See you soon!!!!!`,
    )
    await userEvent.selectOptions(sender, 'US line (+14155550100)')
    await expect(page.getByText('GSM-7 · 2 segments · 161 characters, 145 left in this segment')).toBeVisible()
    await userEvent.click(page.getByRole('button', { name: 'Send SMS' }))
    await expect(await page.findByRole('alertdialog', { name: 'Send 20 SMS (40 segments)?' })).toBeVisible()
    await expect(mockDb.jobs.some((j) => j.kind === 'sms')).toBe(false)
  },
}

/** /VoiceCall on a phone (390 px). */
export const VoicePhone: Story = {
  args: { variant: 'voice' },
  parameters: { app: { path: '/VoiceCall' } },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByRole('button', { name: 'Place calls' })).toBeVisible()
    await expect(page.getByRole('textbox', { name: /Message to speak/ })).toBeVisible()
    const doc = canvasElement.ownerDocument.documentElement
    await expect(doc.scrollWidth).toBeLessThanOrEqual(doc.clientWidth)
    await settle()
  },
}
