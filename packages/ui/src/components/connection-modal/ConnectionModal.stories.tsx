import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { ConnectionModal } from './ConnectionModal'

const queues = [
  { id: 1, name: 'Sales', color: '#84cc16' },
  { id: 2, name: 'Support', color: '#0ea5e9' },
]
const mainLine = {
  name: 'Main line',
  isDefault: true,
  greetingMessage: 'Hello! Reply 1 for Sales or 2 for Support.',
  farewellMessage: 'Thank you, {{name}}!',
  queueIds: [1, 2],
  driver: 'simulator' as const,
}

const meta = {
  title: 'Components/ConnectionModal',
  component: ConnectionModal,
  args: { open: true, queues, onSubmit: fn(), onClose: fn() },
  tags: ['autodocs'],
} satisfies Meta<typeof ConnectionModal>

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
    await userEvent.type(modal.getByLabelText(/Name/), 'Support line')
    await userEvent.click(modal.getByRole('checkbox', { name: 'Default connection' }))
    await userEvent.selectOptions(modal.getByLabelText('Type'), 'WhatsApp Business Cloud API')
    await userEvent.type(modal.getByLabelText(/Phone number ID/), '106540352242922')
    await userEvent.type(modal.getByLabelText(/Access token/), 'EAAG-token')
    await userEvent.type(modal.getByLabelText(/Webhook verify token/), 'verify-me')
    await userEvent.type(modal.getByLabelText(/App secret/), 'app-secret')
    await userEvent.type(modal.getByLabelText(/Business Account ID/), '102290129340398')
    await userEvent.type(modal.getByLabelText('Farewell message'), 'See you soon')
    await userEvent.click(modal.getByRole('checkbox', { name: 'Support' }))
    await userEvent.click(modal.getByRole('button', { name: 'Add' }))
    await expect(args.onSubmit).toHaveBeenCalledWith({
      name: 'Support line',
      isDefault: true,
      greetingMessage: '',
      farewellMessage: 'See you soon',
      queueIds: [2],
      driver: 'cloud-api',
      cloudApi: {
        phoneNumberId: '106540352242922',
        accessToken: 'EAAG-token',
        verifyToken: 'verify-me',
        appSecret: 'app-secret',
        businessAccountId: '102290129340398',
      },
    })
  },
}

/** A new Cloud API connection needs its phone number id and its three secrets; the ids are digits only. */
export const CloudApiRequired: Story = {
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await userEvent.type(modal.getByLabelText(/Name/), 'Support line')
    await userEvent.selectOptions(modal.getByLabelText('Type'), 'WhatsApp Business Cloud API')
    await userEvent.type(modal.getByLabelText(/Business Account ID/), 'waba-1')
    await userEvent.click(modal.getByRole('button', { name: 'Add' }))
    await expect(await modal.findAllByText('Required')).toHaveLength(4)
    await expect(modal.getByText('Invalid value')).toBeVisible()
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

const cloudLine = {
  name: 'Cloud line',
  isDefault: false,
  greetingMessage: '',
  farewellMessage: '',
  queueIds: [1],
  driver: 'cloud-api' as const,
  cloudApi: {
    phoneNumberId: '106540352242922',
    businessAccountId: null,
    hasAccessToken: true,
    hasVerifyToken: true,
    hasAppSecret: true,
    webhookPath: '/webhooks/whatsapp/3',
  },
}

/**
 * A saved Cloud API connection: its secrets are never shown back and empty fields keep them; the Business
 * Account id can be added later (the templates need it). Its webhook path is named.
 */
export const CloudApiSaved: Story = {
  args: { initialValues: cloudLine },
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(modal.getByLabelText(/Access token/)).toHaveValue('')
    await expect(modal.getAllByText('Saved. Leave empty to keep it.')).toHaveLength(3)
    await expect(modal.getByText('/webhooks/whatsapp/3')).toBeVisible()
    await userEvent.type(modal.getByLabelText(/Business Account ID/), '102290129340398')
    await userEvent.click(modal.getByRole('button', { name: 'Save' }))
    await expect(args.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        driver: 'cloud-api',
        cloudApi: {
          phoneNumberId: '106540352242922',
          accessToken: undefined,
          verifyToken: undefined,
          appSecret: undefined,
          businessAccountId: '102290129340398',
        },
      }),
    )
  },
}

/** The server refused a Cloud API field: the message stands under it. */
export const CloudApiServerError: Story = {
  args: {
    initialValues: cloudLine,
    error: { code: 'ERR_VALIDATION' },
    fieldErrors: [{ path: 'cloudApi.businessAccountId', message: 'validation.invalid' }],
  },
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(await modal.findByText('Invalid value')).toBeVisible()
    await expect(modal.queryByRole('alert')).toBeNull()
  },
}

/** Two queues need a greeting that lets the customer choose. */
export const GreetingRequired: Story = {
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await userEvent.type(modal.getByLabelText(/Name/), 'Support line')
    await userEvent.click(modal.getByRole('checkbox', { name: 'Sales' }))
    await userEvent.click(modal.getByRole('checkbox', { name: 'Support' }))
    await userEvent.click(modal.getByRole('button', { name: 'Add' }))
    await expect(
      await modal.findByText('A greeting message is required when there is more than one queue.'),
    ).toBeVisible()
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

export const NameRequired: Story = {
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await userEvent.click(modal.getByRole('button', { name: 'Add' }))
    await expect(await modal.findByText('Required')).toBeVisible()
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

/** Editing keeps the type (it cannot change) and saves the other fields. */
export const Edit: Story = {
  args: { initialValues: mainLine },
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(modal.getByLabelText('Type')).toBeDisabled()
    await userEvent.clear(modal.getByLabelText(/Name/))
    await userEvent.type(modal.getByLabelText(/Name/), 'Main line 2')
    await userEvent.click(modal.getByRole('button', { name: 'Save' }))
    await expect(args.onSubmit).toHaveBeenCalledWith({ ...mainLine, name: 'Main line 2' })
  },
}

/** A failure the server pins on a field shows under it only (no banner), and the field takes the focus. */
export const ServerError: Story = {
  args: {
    initialValues: mainLine,
    error: { code: 'ERR_VALIDATION' },
    fieldErrors: [{ path: 'name', message: 'validation.tooLong' }],
  },
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(await modal.findByText('Too Long!')).toBeVisible()
    await waitFor(() => expect(modal.getByRole('textbox', { name: /Name/ })).toHaveFocus())
    await expect(modal.queryByRole('alert')).toBeNull()
  },
}

/**
 * The server's refusal (ERR_WAPP_GREETING_REQUIRED) of a connection with more than one queue and no
 * greeting, shown like any server error: its translation at the top of the dialog.
 */
export const GreetingRequiredByServer: Story = {
  args: {
    initialValues: { ...mainLine, greetingMessage: '' },
    error: { code: 'ERR_WAPP_GREETING_REQUIRED' },
  },
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(modal.getByRole('alert')).toHaveTextContent(
      'A greeting message is required when there is more than one queue.',
    )
    await expect(modal.getByRole('checkbox', { name: 'Sales' })).toBeChecked()
    await expect(modal.getByRole('checkbox', { name: 'Support' })).toBeChecked()
  },
}

const websiteChat = {
  name: 'Website chat',
  isDefault: false,
  greetingMessage: 'Hi! How can we help?',
  farewellMessage: '',
  queueIds: [2],
  driver: 'webchat' as const,
  webChat: {
    allowedOrigins: ['https://portal.example.com', 'https://shop.example.com'],
    verifiedOnly: true,
    offlineEmail: true,
    theme: {
      primaryColor: '#84cc16',
      mode: 'dark' as const,
      position: 'left' as const,
      launcherText: 'Talk to us',
      launcherIcon: 'help' as const,
    },
  },
}

/** A new web chat: its own fields, one site to fill, Add hands back the settings in the contract's form. */
export const WebChatCreate: Story = {
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await userEvent.type(modal.getByLabelText(/Name/), 'Website chat')
    await userEvent.selectOptions(modal.getByLabelText('Type'), 'Web chat widget (your website)')
    await userEvent.click(modal.getByRole('button', { name: 'Add' }))
    await expect(await modal.findByText('Required')).toBeVisible()
    await expect(modal.getByRole('textbox', { name: 'Allowed site 1' })).toHaveAttribute('aria-invalid', 'true')
    await expect(args.onSubmit).not.toHaveBeenCalled()

    await userEvent.type(modal.getByRole('textbox', { name: 'Allowed site 1' }), 'https://Portal.Example.com/')
    await userEvent.click(modal.getByRole('switch', { name: 'Verified visitors only' }))
    await userEvent.selectOptions(modal.getByLabelText('Launcher position'), 'Bottom left')
    await userEvent.click(modal.getByRole('button', { name: 'Add' }))
    await expect(args.onSubmit).toHaveBeenCalledWith({
      name: 'Website chat',
      isDefault: false,
      greetingMessage: '',
      farewellMessage: '',
      queueIds: [],
      driver: 'webchat',
      webChat: {
        allowedOrigins: ['https://portal.example.com'],
        verifiedOnly: true,
        offlineEmail: true,
        theme: { primaryColor: '#84cc16', mode: 'auto', position: 'left', launcherText: '', launcherIcon: 'chat' },
      },
    })
  },
}

/** An existing web chat shows its settings; a second site is added and saved with the rest. */
export const WebChatEdit: Story = {
  args: { initialValues: websiteChat },
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(modal.getByRole('textbox', { name: 'Allowed site 2' })).toHaveValue('https://shop.example.com')
    await expect(modal.getByRole('switch', { name: 'Verified visitors only' })).toHaveAttribute('aria-checked', 'true')
    await userEvent.click(modal.getByRole('button', { name: 'Remove allowed site 2' }))
    await userEvent.click(modal.getByRole('button', { name: 'Add site' }))
    await userEvent.type(modal.getByRole('textbox', { name: 'Allowed site 2' }), 'http://127.0.0.1:5173')
    await userEvent.click(modal.getByRole('button', { name: 'Save' }))
    await expect(args.onSubmit).toHaveBeenCalledWith({
      ...websiteChat,
      webChat: { ...websiteChat.webChat, allowedOrigins: ['https://portal.example.com', 'http://127.0.0.1:5173'] },
    })
  },
}

/** A site with a path, and a site named twice: each says what is wrong on its own row, and nothing is sent. */
export const WebChatInvalidOrigin: Story = {
  args: { initialValues: websiteChat },
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    const first = modal.getByRole('textbox', { name: 'Allowed site 1' })
    await userEvent.clear(first)
    await userEvent.type(first, 'portal.example.com/help')
    await userEvent.click(modal.getByRole('button', { name: 'Add site' }))
    await userEvent.type(modal.getByRole('textbox', { name: 'Allowed site 3' }), 'https://shop.example.com')
    await userEvent.click(modal.getByRole('button', { name: 'Save' }))
    await expect(
      await modal.findByText('Enter an origin such as https://portal.example.com, without a path'),
    ).toBeVisible()
    await expect(modal.getByText('This site is already in the list')).toBeVisible()
    await expect(modal.getByRole('textbox', { name: 'Allowed site 2' })).not.toHaveAttribute('aria-invalid')
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

/** A refusal the server pins on one site shows on that row. */
export const WebChatServerError: Story = {
  args: {
    initialValues: websiteChat,
    error: { code: 'ERR_VALIDATION' },
    fieldErrors: [{ path: 'webChat.allowedOrigins.1', message: 'validation.invalid' }],
  },
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(await modal.findByText('Invalid value')).toBeVisible()
    await expect(modal.queryByRole('alert')).toBeNull()
  },
}

const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef'
const smsLine = {
  name: 'SMS line',
  isDefault: false,
  greetingMessage: '',
  farewellMessage: '',
  queueIds: [1],
  driver: 'telephony' as const,
  telephony: {
    provider: 'twilio' as const,
    accountSid: ACCOUNT_SID,
    fromNumber: '+14155550100',
    messagingServiceSid: null,
    authTokenHint: 'c0de',
  },
}

/**
 * A new Twilio line: the Account SID, the Auth Token and the number. "Test credentials" hands over what the
 * fields hold; saving hands back the contract's settings.
 */
export const TelephonyTwilioCreate: Story = {
  args: { onTestTelephony: fn() },
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await userEvent.type(modal.getByLabelText(/Name/), 'SMS line')
    await userEvent.selectOptions(modal.getByLabelText('Type'), 'Telephony (SMS and voice calls)')
    await expect(modal.getByLabelText('Provider')).toHaveValue('twilio')
    await userEvent.type(modal.getByLabelText(/Account SID/), ACCOUNT_SID)
    await userEvent.type(modal.getByLabelText(/Auth Token/), '0123456789abcdef0123456789abc0de')
    await userEvent.type(modal.getByLabelText(/Phone number/), '+14155550100')
    await userEvent.click(modal.getByRole('button', { name: 'Test credentials' }))
    await expect(args.onTestTelephony).toHaveBeenCalledWith({
      provider: 'twilio',
      accountSid: ACCOUNT_SID,
      authToken: '0123456789abcdef0123456789abc0de',
    })
    await userEvent.click(modal.getByRole('button', { name: 'Add' }))
    await expect(args.onSubmit).toHaveBeenCalledWith({
      name: 'SMS line',
      isDefault: false,
      greetingMessage: '',
      farewellMessage: '',
      queueIds: [],
      driver: 'telephony',
      telephony: {
        provider: 'twilio',
        accountSid: ACCOUNT_SID,
        authToken: '0123456789abcdef0123456789abc0de',
        fromNumber: '+14155550100',
        messagingServiceSid: undefined,
      },
    })
  },
}

/** A new Twilio line needs its Account SID, its Auth Token and a sender; a malformed SID is refused. */
export const TelephonyTwilioRequired: Story = {
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await userEvent.type(modal.getByLabelText(/Name/), 'SMS line')
    await userEvent.selectOptions(modal.getByLabelText('Type'), 'Telephony (SMS and voice calls)')
    await userEvent.type(modal.getByLabelText(/Messaging Service SID/), 'MG123')
    await userEvent.click(modal.getByRole('button', { name: 'Add' }))
    await expect(await modal.findAllByText('Required')).toHaveLength(2)
    await expect(modal.getByText('Invalid value')).toBeVisible()
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

/**
 * A saved Twilio line: its Auth Token shows only as its last characters, and saving with the field empty
 * keeps it (no `authToken` handed back). The provider of a saved line does not change.
 */
export const TelephonyTwilioSaved: Story = {
  args: { initialValues: smsLine, onTestTelephony: fn() },
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(modal.getByText('Saved, ending in ••••c0de. Leave empty to keep it.')).toBeVisible()
    await expect(modal.getByLabelText(/Auth Token/)).toHaveValue('')
    await expect(modal.getByLabelText('Provider')).toBeDisabled()
    await userEvent.click(modal.getByRole('button', { name: 'Save' }))
    await expect(args.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        driver: 'telephony',
        telephony: {
          provider: 'twilio',
          accountSid: ACCOUNT_SID,
          authToken: undefined,
          fromNumber: '+14155550100',
          messagingServiceSid: undefined,
        },
      }),
    )
  },
}

/** The credentials test passed: the account's name at the provider. */
export const TelephonyTestOk: Story = {
  args: {
    initialValues: smsLine,
    onTestTelephony: fn(),
    telephonyTest: { ok: true, accountName: 'LimeDesk Support', failure: null, providerCode: null },
  },
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    const result = modal.getByText('The credentials work (LimeDesk Support).')
    result.scrollIntoView({ block: 'center' })
    await expect(result).toBeVisible()
  },
}

/** The provider refused the credentials: its own error code is shown. */
export const TelephonyTestFailed: Story = {
  args: {
    initialValues: smsLine,
    onTestTelephony: fn(),
    telephonyTest: { ok: false, accountName: null, failure: 'credentials', providerCode: '20003' },
  },
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    const result = modal.getByText('Twilio refused the credentials (error 20003).')
    result.scrollIntoView({ block: 'center' })
    await expect(result).toBeVisible()
  },
}

/** The test is running: its button spins. */
export const TelephonyTesting: Story = {
  args: { initialValues: smsLine, onTestTelephony: fn(), telephonyTest: 'testing' },
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    const button = modal.getByRole('button', { name: 'Test credentials' })
    button.scrollIntoView({ block: 'center' })
    await expect(button).toHaveAttribute('data-loading')
  },
}

/** The simulator: no account; a simulated number is filled in, so saving needs nothing typed. */
export const TelephonySimulator: Story = {
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await userEvent.type(modal.getByLabelText(/Name/), 'Test line')
    await userEvent.selectOptions(modal.getByLabelText('Type'), 'Telephony (SMS and voice calls)')
    await userEvent.selectOptions(modal.getByLabelText('Provider'), 'Simulator (no account)')
    await expect(modal.getByText(/go to the simulated network/)).toBeVisible()
    await expect(modal.queryByLabelText(/Account SID/)).toBeNull()
    await expect(modal.getByLabelText(/Phone number/)).toHaveValue('+15005550100')
    await userEvent.click(modal.getByRole('button', { name: 'Add' }))
    await expect(args.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        driver: 'telephony',
        telephony: { provider: 'simulator', fromNumber: '+15005550100' },
      }),
    )
  },
}

/** A new Instagram connection on Meta's API: the professional account's id and its three secrets. */
export const InstagramCreate: Story = {
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await userEvent.type(modal.getByLabelText(/Name/), 'Shop Instagram')
    await userEvent.selectOptions(modal.getByLabelText('Type'), 'Instagram direct (official API)')
    await userEvent.click(modal.getByRole('button', { name: 'Add' }))
    await expect(await modal.findAllByText('Required')).toHaveLength(4)
    await userEvent.type(modal.getByLabelText(/Professional account ID/), '17841400000000001')
    await userEvent.type(modal.getByLabelText(/Access token/), 'IGAAtoken')
    await userEvent.type(modal.getByLabelText(/App secret/), 'app-secret')
    await userEvent.type(modal.getByLabelText(/Webhook verify token/), 'verify-me')
    await userEvent.click(modal.getByRole('button', { name: 'Add' }))
    await expect(args.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        driver: 'instagram',
        instagram: {
          provider: 'graph',
          accountId: '17841400000000001',
          accessToken: 'IGAAtoken',
          appSecret: 'app-secret',
          verifyToken: 'verify-me',
        },
      }),
    )
  },
}

/** A saved Instagram connection: its secrets are never shown, empty fields keep them, and the webhook's path shows. */
export const InstagramSaved: Story = {
  args: {
    initialValues: {
      ...mainLine,
      name: 'Shop Instagram',
      driver: 'instagram',
      instagram: {
        provider: 'graph',
        accountId: '17841400000000001',
        saved: true,
        webhookPath: '/webhooks/instagram/7',
      },
    },
  },
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(modal.getByText('Webhook callback path: /webhooks/instagram/7')).toBeVisible()
    await expect(modal.getAllByText('Saved. Leave empty to keep it.')).toHaveLength(3)
    await userEvent.click(modal.getByRole('button', { name: 'Save' }))
    await expect(args.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ driver: 'instagram', instagram: expect.objectContaining({ provider: 'graph' }) }),
    )
  },
}

export const Submitting: Story = {
  args: { initialValues: mainLine, isSubmitting: true },
}

export const Catalog: Story = {
  args: { initialValues: mainLine },
}

export const Light: Story = {
  args: { initialValues: mainLine },
  globals: { colorMode: 'light' },
}

export const Spanish: Story = {
  globals: { locale: 'es' },
}
