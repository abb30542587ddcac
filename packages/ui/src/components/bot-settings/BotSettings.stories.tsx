import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, within } from 'storybook/test'
import { BOT_SWITCH_KINDS, type BotSwitchKind } from '../bot-switches'
import { type BotConfigItem, BotSettings, type BotSettingsProps } from './BotSettings'

const configs: BotConfigItem[] = BOT_SWITCH_KINDS.map((kind) => ({
  kind,
  url: kind === 'n8n' ? 'https://n8n.example.com/webhook/desk' : '',
  enabled: kind === 'n8n',
  stopWords: 'SAIR,PARAR,STOP',
  hasSecret: kind === 'n8n',
  secretHint: kind === 'n8n' ? '…k3y9' : null,
  updatedAt: kind === 'n8n' ? '2026-01-15T10:00:00.000Z' : null,
}))

const audit: BotSettingsProps['audit'] = [
  {
    id: 3,
    kind: 'n8n',
    action: 'paused',
    number: '5511912345678',
    userName: 'Alice',
    createdAt: '2026-01-15T10:05:00.000Z',
  },
  {
    id: 2,
    kind: 'n8n',
    action: 'on',
    number: '5511912345678',
    userName: 'Alice',
    createdAt: '2026-01-15T10:01:00.000Z',
  },
  { id: 1, kind: 'n8n', action: 'config', number: null, userName: 'Admin', createdAt: '2026-01-15T10:00:00.000Z' },
]

/** The tab is controlled by the page: the stories keep it in state. */
const Controlled = (args: BotSettingsProps) => {
  const [kind, setKind] = useState<BotSwitchKind>(args.kind)
  return (
    <BotSettings
      {...args}
      kind={kind}
      onKindChange={(next) => {
        setKind(next)
        args.onKindChange(next)
      }}
    />
  )
}

const meta = {
  title: 'Components/BotSettings',
  component: BotSettings,
  render: Controlled,
  args: {
    configs,
    kind: 'n8n',
    onKindChange: fn(),
    onSave: fn(),
    onTest: fn(),
    audit,
  },
  tags: ['autodocs'],
} satisfies Meta<typeof BotSettings>

export default meta
type Story = StoryObj<typeof meta>

/** A configured bot: the secret shows only its end; saving with an empty secret keeps it. */
export const Configured: Story = {
  play: async ({ args, canvasElement }) => {
    const panel = within(within(canvasElement).getByRole('tabpanel'))
    await expect(panel.getByLabelText('Bot URL')).toHaveValue('https://n8n.example.com/webhook/desk')
    await expect(panel.getByText(/ending in …k3y9/)).toBeVisible()
    await userEvent.click(panel.getByRole('button', { name: 'Save' }))
    await expect(args.onSave).toHaveBeenCalledWith('n8n', {
      url: 'https://n8n.example.com/webhook/desk',
      secret: undefined,
      enabled: true,
      stopWords: 'SAIR,PARAR,STOP',
    })
  },
}

/** Another tab, a URL and a secret, switched on. */
export const ConfiguresAnother: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('tab', { name: 'ChatGPT' }))
    const panel = within(canvas.getByRole('tabpanel'))
    await userEvent.type(panel.getByLabelText('Bot URL'), 'https://gpt.example.com/hook')
    await userEvent.type(panel.getByLabelText('Signing secret'), 'a-long-secret')
    await userEvent.click(panel.getByRole('switch', { name: 'Enabled' }))
    await userEvent.click(panel.getByRole('button', { name: 'Save' }))
    await expect(args.onSave).toHaveBeenCalledWith('gpt', {
      url: 'https://gpt.example.com/hook',
      secret: 'a-long-secret',
      enabled: true,
      stopWords: 'SAIR,PARAR,STOP',
    })
  },
}

/** The test console shows the status, the latency and the bot's answer. */
export const TestConsole: Story = {
  args: {
    testResult: {
      kind: 'n8n',
      ok: true,
      status: 200,
      latencyMs: 84,
      replies: [{ text: 'Hi! How can I help?' }],
      error: null,
    },
  },
  play: async ({ args, canvasElement }) => {
    const panel = within(within(canvasElement).getByRole('tabpanel'))
    await expect(panel.getByText('HTTP 200 in 84 ms')).toBeVisible()
    await userEvent.click(panel.getByRole('button', { name: 'Send test' }))
    await expect(args.onTest).toHaveBeenCalledWith('n8n', 'Hello, this is a test')
  },
}

export const TestFailed: Story = {
  args: {
    testResult: {
      kind: 'n8n',
      ok: false,
      status: null,
      latencyMs: 5003,
      replies: [],
      error: 'No answer within 5000 ms',
    },
  },
}

export const Loading: Story = {
  args: { configs: [], isLoading: true, audit: [], auditLoading: true },
}

export const LoadFailed: Story = {
  args: { configs: [], error: { code: 'ERR_INTERNAL' }, audit: [], auditError: { code: 'ERR_INTERNAL' } },
}

export const NoAudit: Story = {
  args: { audit: [] },
}

/** Both colour modes, English and Spanish. */
export const Catalog: Story = {
  parameters: {
    catalog: {
      dimensions: [
        { name: 'colorMode', values: ['dark', 'light'] },
        { name: 'locale', values: ['en', 'es'] },
      ],
    },
  },
}
