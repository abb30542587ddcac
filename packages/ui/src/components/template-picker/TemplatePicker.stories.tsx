import type { MessageTemplate } from '@desk/api-client/contract'
import { withVariables } from '@desk/api-client/contract'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, within } from 'storybook/test'
import { TemplatePicker, type TemplatePickerValue } from './TemplatePicker'

const at = '2026-11-20T09:00:00.000Z'
const orderUpdate: MessageTemplate = {
  id: 1,
  connectionId: 3,
  name: 'order_update',
  language: 'en_US',
  category: 'UTILITY',
  status: 'APPROVED',
  reason: null,
  updatedAt: at,
  ...withVariables({
    header: { format: 'TEXT', text: 'Order {{1}}' },
    body: 'Hello {{1}}, your order {{2}} has shipped.',
    footer: 'Reply STOP to opt out',
    buttons: [{ type: 'URL', text: 'Track', url: 'https://shop.test/track/{{1}}' }],
    examples: { 'header.1': '#123', 'body.1': 'Maria', 'body.2': '#123', 'button.0.1': '123' },
  }),
}
const followUp: MessageTemplate = {
  id: 2,
  connectionId: 3,
  name: 'follow_up',
  language: 'pt_BR',
  category: 'MARKETING',
  status: 'APPROVED',
  reason: null,
  updatedAt: at,
  ...withVariables({ header: null, body: 'Olá {{1}}, podemos continuar a conversa?', footer: null, buttons: [] }),
}

/** The picker holding its own value, as the composer does. */
function Stateful({
  initial,
  ...props
}: { initial: TemplatePickerValue } & Partial<Parameters<typeof TemplatePicker>[0]>) {
  const [value, setValue] = useState(initial)
  return (
    <TemplatePicker
      templates={[orderUpdate, followUp]}
      prefills={{ name: 'Maria Souza' }}
      status="Reply window closed: only a template can reach the customer"
      onSend={fn()}
      {...props}
      value={value}
      onChange={setValue}
    />
  )
}

const meta = {
  title: 'Components/TemplatePicker',
  component: TemplatePicker,
  tags: ['autodocs'],
  args: {
    templates: [orderUpdate, followUp],
    value: { templateId: null, values: {} },
    onChange: fn(),
    onSend: fn(),
    status: 'Reply window closed: only a template can reach the customer',
  },
} satisfies Meta<typeof TemplatePicker>

export default meta
type Story = StoryObj<typeof meta>

/** Nothing chosen yet. */
export const Choose: Story = {}

/** A template chosen: its variables (the contact's name prefilled), the preview, Send once all are filled. */
export const WithVariables: Story = {
  render: () => <Stateful initial={{ templateId: null, values: {} }} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.selectOptions(canvas.getByLabelText('Message template'), '1')
    await expect(canvas.getByLabelText('Variable body.1')).toHaveValue('Maria Souza')
    await expect(canvas.getByRole('button', { name: 'Send template' })).toBeDisabled()
    await userEvent.type(canvas.getByLabelText('Variable header.1'), '#77')
    await userEvent.type(canvas.getByLabelText('Variable body.2'), '#77')
    await userEvent.type(canvas.getByLabelText('Variable button.0.1'), '77')
    await expect(canvas.getByRole('group', { name: 'As the customer will see it' })).toHaveTextContent(
      'Hello Maria Souza, your order #77 has shipped.',
    )
    await expect(canvas.getByRole('button', { name: 'Send template' })).toBeEnabled()
  },
}

/** A connection whose account has no approved template. */
export const NoTemplates: Story = { args: { templates: [] } }
