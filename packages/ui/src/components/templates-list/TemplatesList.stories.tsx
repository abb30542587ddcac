import { type MessageTemplate, withVariables } from '@desk/api-client/contract'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { TemplatesList } from './TemplatesList'

const at = '2026-01-14T16:20:00.000Z'
const base = { connectionId: 6, reason: null, updatedAt: at, footer: null, buttons: [], header: null }
const templates: MessageTemplate[] = [
  {
    ...base,
    id: 1,
    name: 'order_update',
    language: 'en_US',
    category: 'UTILITY',
    status: 'APPROVED',
    ...withVariables({
      header: { format: 'TEXT', text: 'Order {{1}}' },
      body: 'Hello {{1}}, your order {{2}} has shipped.',
      footer: 'Reply STOP to opt out',
      buttons: [{ type: 'URL', text: 'Track', url: 'https://shop.test/track/{{1}}' }],
      examples: { 'header.1': '#123', 'body.1': 'Maria', 'body.2': '#123', 'button.0.1': '123' },
    }),
  },
  {
    ...base,
    id: 2,
    name: 'follow_up',
    language: 'pt_BR',
    category: 'MARKETING',
    status: 'APPROVED',
    ...withVariables({ ...base, body: 'Olá {{1}}, podemos continuar a conversa?', examples: { 'body.1': 'Maria' } }),
  },
  {
    ...base,
    id: 3,
    name: 'login_code',
    language: 'es',
    category: 'AUTHENTICATION',
    status: 'PENDING',
    ...withVariables({ ...base, body: 'Su código es {{1}}.', examples: { 'body.1': '482910' } }),
  },
  {
    ...base,
    id: 4,
    name: 'big_sale',
    language: 'en_US',
    category: 'MARKETING',
    status: 'REJECTED',
    ...withVariables({ ...base, body: 'Everything half price this weekend!' }),
    reason: 'INVALID_FORMAT',
  },
]
const connections = [
  { id: 6, name: 'Cloud line' },
  { id: 7, name: 'Cloud sales' },
]

const meta = {
  title: 'Components/TemplatesList',
  component: TemplatesList,
  args: { connections, connectionId: 6, onConnectionChange: fn(), templates, onRefresh: fn(), onReload: fn() },
  tags: ['autodocs'],
} satisfies Meta<typeof TemplatesList>

export default meta
type Story = StoryObj<typeof meta>

/** Each template's name, language, category and status; the first is previewed with the Graph API's examples. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Pending review')).toBeVisible()
    await expect(canvas.getByText('INVALID_FORMAT')).toBeVisible()
    await expect(canvas.getByText('Hello Maria, your order #123 has shipped.')).toBeVisible()
    await userEvent.selectOptions(canvas.getByLabelText('Connection'), 'Cloud sales')
    await expect(args.onConnectionChange).toHaveBeenCalledWith(7)
    await userEvent.click(canvas.getByRole('button', { name: 'Refresh' }))
    await expect(args.onRefresh).toHaveBeenCalledTimes(1)
  },
}

/** A row's eye previews that template as the customer would see it. */
export const PreviewAnother: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Preview follow_up' }))
    await expect(await canvas.findByText('Olá Maria, podemos continuar a conversa?')).toBeVisible()
  },
}

/** The refresh is running: its button spins. */
export const Refreshing: Story = {
  args: { refreshing: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Refresh' })).toHaveAttribute('data-loading')
  },
}

/** The refresh failed: why, translated, above the list that stays. */
export const RefreshError: Story = {
  args: { refreshError: { code: 'ERR_TEMPLATES_NO_ACCOUNT' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toBeVisible()
  },
}

export const Loading: Story = { args: { templates: [], isLoading: true } }

export const LoadError: Story = {
  args: { templates: [], error: { code: 'ERR_INTERNAL' } },
}

/** No templates stored yet: Refresh reads them. */
export const Empty: Story = {
  args: { templates: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No templates yet')).toBeVisible()
  },
}

/** No Cloud API connection: templates need one. */
export const NoConnection: Story = {
  args: { connections: [], connectionId: null, templates: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No WhatsApp Cloud API connection')).toBeVisible()
  },
}

export const Spanish: Story = { globals: { locale: 'es' } }
