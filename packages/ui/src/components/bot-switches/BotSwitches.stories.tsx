import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, screen, userEvent, within } from 'storybook/test'
import { BOT_SWITCH_KINDS, BotSwitches, type BotSwitchItem } from './BotSwitches'

const allOff: BotSwitchItem[] = BOT_SWITCH_KINDS.map((kind) => ({
  kind,
  state: 'off',
  configured: kind !== 'dialogflowAudio',
}))
const mixed: BotSwitchItem[] = allOff.map((item) =>
  item.kind === 'n8n'
    ? { ...item, state: 'on' }
    : item.kind === 'gpt'
      ? { ...item, state: 'paused' }
      : item.kind === 'typebot'
        ? { ...item, state: 'on', failedAt: '2026-01-15T10:00:00.000Z', error: 'No answer within 5000 ms' }
        : item,
)

const meta = {
  title: 'Components/BotSwitches',
  component: BotSwitches,
  args: { switches: mixed, onToggle: fn() },
  tags: ['autodocs'],
} satisfies Meta<typeof BotSwitches>

export default meta
type Story = StoryObj<typeof meta>

/** One on, one paused by an agent's reply, one failed, one not configured. */
export const Mixed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('switch', { name: 'N8N' })).toHaveAttribute('aria-checked', 'true')
    await expect(canvas.getByRole('switch', { name: 'ChatGPT' })).toHaveAttribute('aria-checked', 'false')
    await expect(canvas.getByText('Paused')).toBeVisible()
    await expect(canvas.getByText('Failed')).toBeVisible()
    await expect(canvas.getByRole('switch', { name: 'DFlowAudio' })).toHaveAttribute('aria-disabled', 'true')
  },
}

/** Space or Enter on a focused switch flips it. */
export const ByKeyboard: Story = {
  args: { switches: allOff },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.tab()
    await expect(canvas.getByRole('switch', { name: 'DialogFlow' })).toHaveFocus()
    await userEvent.keyboard(' ')
    await expect(args.onToggle).toHaveBeenCalledWith('dialogflow', true)
    await userEvent.click(canvas.getByRole('switch', { name: 'N8N' }))
    await expect(args.onToggle).toHaveBeenCalledWith('n8n', true)
  },
}

/** A bot that is not set up is greyed, says why on focus (and hover), and does not switch. */
export const NotSetUp: Story = {
  args: { switches: allOff },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.tab()
    await userEvent.tab()
    const audio = canvas.getByRole('switch', { name: 'DFlowAudio' })
    await expect(audio).toHaveFocus()
    await expect(audio).toHaveAttribute('aria-disabled', 'true')
    const tooltip = await screen.findByRole('tooltip')
    await expect(tooltip).toHaveTextContent('Not set up — an administrator sets it up on the Bots page')
    await expect(tooltip).toBeVisible()
    await expect(audio).toHaveAccessibleDescription('Not set up — an administrator sets it up on the Bots page')
    await userEvent.keyboard(' ')
    await userEvent.click(audio)
    await expect(args.onToggle).not.toHaveBeenCalled()
  },
}

/** In a narrow conversation the switches keep to one compact row. */
export const Narrow: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 360 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const row = within(canvasElement).getByRole('group', { name: 'Bots' })
    await expect(row.getBoundingClientRect().height).toBeLessThan(40)
    await expect(within(row).getAllByRole('switch')).toHaveLength(6)
  },
}

/** A change on its way: that switch waits. */
export const Pending: Story = {
  args: { pendingKind: 'n8n' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('switch', { name: 'N8N' })).toBeDisabled()
  },
}

export const Loading: Story = {
  args: { switches: [], isLoading: true },
}

/** Both colour modes, English and Portuguese. */
export const Catalog: Story = {
  parameters: {
    catalog: {
      dimensions: [
        { name: 'colorMode', values: ['dark', 'light'] },
        { name: 'locale', values: ['en', 'pt-BR'] },
      ],
    },
  },
}
