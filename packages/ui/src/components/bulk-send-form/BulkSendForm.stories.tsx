import { type MessageTemplate, withVariables } from '@desk/api-client/contract'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { BulkSendForm, type BulkSendFormValues, type OutreachConnection } from './BulkSendForm'

const NOW = '2026-01-15T10:30:00.000Z'

const connections: OutreachConnection[] = [
  { id: 1, name: 'Main line', status: 'CONNECTED' },
  { id: 2, name: 'Support line', status: 'DISCONNECTED' },
  { id: 3, name: 'Campaigns', status: 'CONNECTED' },
  { id: 4, name: 'Night shift', status: 'qrcode' },
]

const numbers = ['5511912345678', '551112345678', '5521987654321', '+55 71 9 8765-4321', '14155550123'].join('\n')

const filled: Partial<BulkSendFormValues> = {
  numbers,
  message: 'Hello! Our store opens at 9 tomorrow.',
  ticketwhatsappId: '1',
  minInterval: '10',
  maxInterval: '20',
}

const meta = {
  title: 'Components/BulkSendForm',
  component: BulkSendForm,
  args: { variant: 'text', connections, now: NOW, onSubmit: fn(), onShowIds: fn() },
  tags: ['autodocs'],
} satisfies Meta<typeof BulkSendForm>

export default meta
type Story = StoryObj<typeof meta>

const submit = (canvasElement: HTMLElement) =>
  userEvent.click(within(canvasElement).getByRole('button', { name: 'Send' }))

/** The background a palette's `subtle` token paints, to tell an info box from a warning one. */
const subtleBackground = (palette: string, inside: HTMLElement) => {
  const probe = inside.ownerDocument.createElement('div')
  probe.style.background = `var(--chakra-colors-${palette}-subtle)`
  inside.append(probe)
  const colour = getComputedStyle(probe).backgroundColor
  probe.remove()
  return colour
}

/**
 * /ZDG before anything is typed: the advice, the fields and "No recipients yet". Blocks of 30 is advice, drawn as
 * an info box (blue), not as a warning.
 */
export const TextEmpty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const advice = canvas.getByText('Send in blocks of 30 contacts.')
    await expect(advice).toBeVisible()
    const box = getComputedStyle(advice.parentElement?.parentElement as HTMLElement).backgroundColor
    await expect(box).toBe(subtleBackground('blue', advice))
    await expect(box).not.toBe(subtleBackground('orange', advice))
    await expect(canvas.getByText('No recipients yet.')).toBeVisible()
    await expect(canvas.getByText('You can close this page: sending continues on the server.')).toBeVisible()
  },
}

/**
 * Filled in: five lines are four messages (two lines are the same number once the Brazilian rule has
 * changed one), and 4 × (10 + 20) s from 10:30 ends around 10:32. The two numbers the rule changes are
 * listed, each with "keep as typed". Sending hands back the contract's request.
 */
export const TextFilled: Story = {
  args: { defaultValues: filled },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('4 recipients, done around 10:32 at this pace')).toBeVisible()
    await expect(canvas.getByText('1 repeated entry will be sent once')).toBeVisible()
    const changed = canvas.getByRole('list', { name: '2 numbers are changed by the Brazilian number rule:' })
    await expect(
      within(changed)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Keep 551112345678 as typedthe rule sends to 5511912345678',
      'Keep +55 71 9 8765-4321 as typedthe rule sends to 557187654321',
    ])
    await submit(canvasElement)
    await expect(args.onSubmit).toHaveBeenCalledWith({
      variant: 'text',
      numbers: numbers.split('\n'),
      keepAsTyped: [],
      message: filled.message,
      ticketwhatsappId: 1,
      minInterval: 10,
      maxInterval: 20,
      isGroup: false,
      // Not a Cloud API connection: the official API's choice stays at its default.
      openWindowsOnly: false,
      startAt: null,
    })
  },
}

/**
 * "Keep as typed" on a changed number: it is no longer the same recipient as 5511912345678, so the
 * estimate says five messages, and the request asks the server to keep it for this job.
 */
export const KeepAsTyped: Story = {
  args: { defaultValues: filled },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Keep 551112345678 as typed' }))
    await expect(canvas.getByRole('checkbox', { name: 'Keep 551112345678 as typed' })).toBeChecked()
    await expect(canvas.getByText('5 recipients, done around 10:32 at this pace')).toBeVisible()
    await expect(canvas.queryByText('1 repeated entry will be sent once')).toBeNull()
    await submit(canvasElement)
    await expect(args.onSubmit).toHaveBeenCalledWith(expect.objectContaining({ keepAsTyped: ['551112345678'] }))
  },
}

/**
 * After a send that started its job, the numbers and the message are cleared (a second click has nothing
 * to send); the connection and the pace stay for the next list.
 */
export const ClearedAfterSend: Story = {
  args: { defaultValues: filled, onSubmit: fn(async () => true) },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await submit(canvasElement)
    await expect(args.onSubmit).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(canvas.getByRole('textbox', { name: /Numbers/ })).toHaveValue(''))
    await expect(canvas.getByRole('textbox', { name: /Message/ })).toHaveValue('')
    await expect(canvas.getByRole('combobox', { name: /Dispatch ID/ })).toHaveValue('1')
    await expect(canvas.getByRole('spinbutton', { name: /Minimum interval/ })).toHaveValue(10)
    await expect(canvas.getByText('No recipients yet.')).toBeVisible()
    await submit(canvasElement)
    await expect(args.onSubmit).toHaveBeenCalledTimes(1)
  },
}

/**
 * One field for the dispatch id: typed, or chosen from the CONNECTED connections it offers; the
 * connection an id names is said under it. No second control for the same thing.
 */
export const DispatchField: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const field = canvas.getByRole('combobox', { name: /Dispatch ID/ })
    await expect(canvas.getAllByRole('combobox')).toHaveLength(1)
    const offered = [...((field as HTMLInputElement).list?.options ?? [])].map((o) => [o.value, o.label])
    await expect(offered).toEqual([
      ['1', 'Main line (ID 1)'],
      ['3', 'Campaigns (ID 3)'],
    ])
    await expect(canvas.getByText('Type an id, or choose a connected connection from the list.')).toBeVisible()
    await userEvent.type(field, '3')
    await expect(canvas.getByText('Sends through Campaigns.')).toBeVisible()
    await userEvent.clear(field)
    await userEvent.type(field, '2')
    await expect(canvas.getByText('Support line is not connected.')).toBeVisible()
  },
}

/** "Show dispatch IDs" lists the CONNECTED ids, comma-separated, as the seed's alert did. */
export const ShowIds: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show dispatch IDs' }))
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Connected dispatch IDs: 1, 3')
    await expect(args.onShowIds).toHaveBeenCalled()
  },
}

/** The connections failed to load: "Error: {message}". */
export const ShowIdsFailed: Story = {
  args: { connections: [], connectionsError: { message: 'Network Error' } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show dispatch IDs' }))
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Error: Network Error')
  },
}

/** The groups switch says what it turned on, in a toast (the seed's alert). */
export const GroupsToast: Story = {
  args: { defaultValues: filled },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('switch', { name: 'Groups' }))
    await expect(await within(canvasElement.ownerDocument.body).findByText('Group sending on.')).toBeVisible()
    await expect(within(canvasElement).getByText('One group id per line.')).toBeVisible()
  },
}

/** Sent empty: every field the page shows is required; nothing is sent. */
export const ValidationErrors: Story = {
  args: { variant: 'file' },
  play: async ({ args, canvasElement }) => {
    await submit(canvasElement)
    await waitFor(() => expect(within(canvasElement).getAllByText('Required')).toHaveLength(6))
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

/** The contract's rules: min above max, a Windows path, a start in the past. */
export const RuleErrors: Story = {
  args: {
    variant: 'file',
    defaultValues: {
      ...filled,
      url: 'C:\\files\\price-list.pdf',
      title: 'Prices',
      minInterval: '30',
      startAt: '2026-01-15T09:00',
    },
  },
  play: async ({ args, canvasElement }) => {
    await submit(canvasElement)
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('Pick a time in the future.')).toBeVisible()
    await expect(canvas.getAllByText('Invalid value')).toHaveLength(2)
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

/** The server named fields: each message shows beside its field, no banner. */
export const ServerFieldErrors: Story = {
  args: {
    defaultValues: filled,
    error: { code: 'ERR_VALIDATION' },
    fieldErrors: [
      { path: 'ticketwhatsappId', message: 'errors.ERR_WAPP_NOT_INITIALIZED' },
      { path: 'numbers.2', message: 'validation.invalid' },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText(/has not been initialised/)).toBeVisible()
    await expect(canvas.getByText('Invalid value')).toBeVisible()
    await expect(canvas.queryByRole('alert')).toBeNull()
  },
}

/** A failure that names no field: one line above the fields. */
export const ServerError: Story = {
  args: { defaultValues: filled, error: { code: 'ERR_NO_PERMISSION' } },
}

export const Submitting: Story = {
  args: { defaultValues: filled, isSubmitting: true },
}

/** /ZDGMedia: URL and title in place of the message. */
export const Media: Story = {
  args: {
    variant: 'media',
    defaultValues: { ...filled, url: 'https://example.com/catalogue.jpg', title: 'New catalogue' },
  },
}

/** /ZDGMedia2: a picked file is uploaded; its server path fills the field and its name the empty title. */
export const FileUpload: Story = {
  args: {
    variant: 'file',
    defaultValues: { ...filled, message: '' },
    onUpload: fn(async (file: File) => ({
      path: `/srv/limedesk/outreach/${file.name}`,
      name: file.name,
      size: 48_213,
      mimeType: file.type,
    })),
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    const input = canvasElement.querySelector('input[type="file"]') as HTMLInputElement
    await userEvent.upload(input, new File(['%PDF-1.4'], 'price-list.pdf', { type: 'application/pdf' }))
    await expect(args.onUpload).toHaveBeenCalled()
    await expect(await canvas.findByText('price-list.pdf uploaded (48 kB)')).toBeVisible()
    await expect(canvas.getByRole('textbox', { name: /Path/ })).toHaveValue('/srv/limedesk/outreach/price-list.pdf')
    await expect(canvas.getByRole('textbox', { name: /Title/ })).toHaveValue('price-list.pdf')
  },
}

/** The upload was refused: the server's reason under the path. */
export const FileUploadFailed: Story = {
  args: {
    variant: 'file',
    onUpload: fn(async () => Promise.reject({ code: 'ERR_PAYLOAD_TOO_LARGE' })),
  },
  play: async ({ canvasElement }) => {
    const input = canvasElement.querySelector('input[type="file"]') as HTMLInputElement
    await userEvent.upload(input, new File(['x'], 'huge.mp4', { type: 'video/mp4' }))
    await expect(await within(canvasElement).findByText('The request is too large.')).toBeVisible()
  },
}

/** /ZDGMedia3: the path only, .OGG advised; a start tomorrow moves the estimate to that day. */
export const AudioScheduled: Story = {
  args: {
    variant: 'audio',
    onUpload: fn(),
    defaultValues: { ...filled, url: '/srv/limedesk/outreach/greeting.ogg', startAt: '2026-01-16T08:00' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Only the .OGG format is recommended.')).toBeVisible()
    await expect(canvas.getByText('4 recipients, done around 08:02 on 16/01/2026 at this pace')).toBeVisible()
  },
}

/** The filled text form in both colour modes and the three languages (the seed's Spanish and Portuguese). */
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

const orderUpdate: MessageTemplate = {
  id: 701,
  connectionId: 3,
  name: 'order_update',
  language: 'en_US',
  category: 'UTILITY',
  status: 'APPROVED',
  reason: null,
  updatedAt: NOW,
  ...withVariables({
    header: null,
    body: 'Hello {{1}}, your order {{2}} has shipped.',
    footer: null,
    buttons: [],
    examples: { 'body.1': 'Maria', 'body.2': '#123' },
  }),
}
const officialApi = { connectionIds: [3], templates: [orderUpdate] }
const cloudFilled: Partial<BulkSendFormValues> = {
  numbers: '5511912345678;Maria;#123\n14155550123;John;#124',
  ticketwhatsappId: '3',
  minInterval: '10',
  maxInterval: '20',
}

/**
 * Text on a Cloud API connection with a template: the template stands for the message, its first variable is
 * the contact's name and the second a pasted column; the estimate names the template and its category.
 */
export const TextCloudApiTemplate: Story = {
  args: { officialApi, defaultValues: cloudFilled },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.selectOptions(canvas.getByLabelText('Message template'), 'order_update (en_US)')
    await expect(canvas.queryByLabelText(/^Message/, { selector: 'textarea' })).toBeNull()
    await userEvent.selectOptions(canvas.getByLabelText('Variable body {{2}}'), 'Column 3 of the pasted line')
    await expect(canvas.getByText('Each gets the template order_update (Utility).')).toBeVisible()
    await submit(canvasElement)
    await expect(args.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        variant: 'text',
        message: orderUpdate.body,
        template: {
          templateId: 701,
          variables: { 'body.1': { from: 'contact', field: 'name' }, 'body.2': { from: 'column', column: 3 } },
        },
      }),
    )
  },
}

/** Text on a Cloud API connection without a template: free text, to open reply windows only. */
export const TextCloudApiOpenWindows: Story = {
  args: { officialApi, defaultValues: { ...cloudFilled, message: 'We are open until 8 today.' } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/free text reaches only customers who wrote in the last 24 hours/)).toBeVisible()
    await submit(canvasElement)
    await expect(args.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'We are open until 8 today.', openWindowsOnly: true }),
    )
  },
}

const promoImage: MessageTemplate = {
  ...orderUpdate,
  id: 702,
  name: 'promo_image',
  category: 'MARKETING',
  ...withVariables({
    header: { format: 'IMAGE', text: null },
    body: 'Hi {{1}}, the new collection is here.',
    footer: null,
    buttons: [],
    examples: { 'body.1': 'Maria' },
  }),
}
const officialMedia = { ...officialApi, templates: [orderUpdate, promoImage], textPageHref: '/ZDG', onNavigate: fn() }

/**
 * Media by URL on a Cloud API connection: only templates whose header is an image, a video or a document are
 * offered (the URL becomes the header, and no title is asked for); the job sends the chosen one with the URL.
 */
export const MediaCloudApiTemplate: Story = {
  args: {
    variant: 'media',
    officialApi: officialMedia,
    defaultValues: { ...cloudFilled, url: 'https://example.com/collection.png' },
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    const choice = canvas.getByLabelText('Message template')
    await expect(within(choice).queryByRole('option', { name: 'order_update (en_US)' })).toBeNull()
    await expect(canvas.getByText(/media reaches only customers who wrote in the last 24 hours/)).toBeVisible()
    await userEvent.selectOptions(choice, 'promo_image (en_US)')
    await expect(canvas.getByText(/The URL below becomes the template's header/)).toBeVisible()
    // The customer reads the template's text: no title is asked for.
    await expect(canvas.queryByRole('textbox', { name: /Title/ })).toBeNull()
    await expect(canvas.getByText('Each gets the template promo_image (Marketing).')).toBeVisible()
    await submit(canvasElement)
    await expect(args.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        variant: 'media',
        url: 'https://example.com/collection.png',
        title: 'promo_image',
        template: { templateId: 702, variables: { 'body.1': { from: 'contact', field: 'name' } } },
      }),
    )
  },
}

/**
 * A file by path on a Cloud API connection: no template carries it, so the page says it goes only to open reply
 * windows and links to the text page, where a template reaches everyone; the job asks for open windows only.
 */
export const FileCloudApiOpenWindows: Story = {
  args: {
    variant: 'file',
    officialApi: officialMedia,
    defaultValues: { ...cloudFilled, url: 'outreach/catalogue.pdf', title: 'Catalogue' },
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/a file from the server's folder reaches only customers who wrote/)).toBeVisible()
    await expect(canvas.queryByLabelText('Message template')).toBeNull()
    await userEvent.click(canvas.getByRole('link', { name: 'To reach everyone, send a template from Bulk text' }))
    await expect(officialMedia.onNavigate).toHaveBeenCalledWith('/ZDG')
    await submit(canvasElement)
    await expect(args.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ variant: 'file', url: 'outreach/catalogue.pdf', openWindowsOnly: true }),
    )
  },
}
