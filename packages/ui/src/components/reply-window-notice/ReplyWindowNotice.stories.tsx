import { Stack } from '@chakra-ui/react'
import { replyWindowState } from '@desk/api-client/contract'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { ReplyWindowNotice } from './ReplyWindowNotice'

/** Stories see 2026-01-15 10:30 UTC as now (see `.storybook/preview.tsx`). */
const HOUR = 60 * 60 * 1000
const NOW = Date.parse('2026-01-15T10:30:00Z')
const wroteAgo = (hours: number, channel: 'instagram' | 'cloud-api' = 'instagram') =>
  replyWindowState(channel, new Date(NOW - hours * HOUR).toISOString(), new Date(NOW))

const meta = {
  title: 'Components/ReplyWindowNotice',
  component: ReplyWindowNotice,
  args: { window: wroteAgo(20.5), channel: 'instagram' },
  tags: ['autodocs'],
} satisfies Meta<typeof ReplyWindowNotice>

export default meta
type Story = StoryObj<typeof meta>

/** The customer wrote 20 hours ago: the agent may answer until 14:00. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('You can answer until 14:00')).toBeVisible()
  },
}

/** Less than an hour left of the Cloud API's 24 hours. */
export const ClosingSoon: Story = {
  args: { window: wroteAgo(23.5, 'cloud-api'), channel: 'cloud-api' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Closing soon: you can answer until 11:00')).toBeVisible()
  },
}

/** Instagram after 24 hours: a person may still answer for 7 days (the human agent tag). */
export const HumanAgent: Story = {
  args: { window: wroteAgo(30) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Human agent window until 21/01/2026 04:30')).toBeVisible()
  },
}

/** Instagram after 7 days: only the customer can open the conversation again. */
export const ClosedInstagram: Story = {
  args: { window: wroteAgo(8 * 24) },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('The window closed on 14/01/2026 at 10:30 — the customer must write first'),
    ).toBeVisible()
  },
}

/** The Cloud API after 24 hours: a template opens the conversation again. */
export const ClosedCloudApi: Story = {
  args: { window: wroteAgo(30, 'cloud-api'), channel: 'cloud-api' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('The window closed today at 04:30 — send a template')).toBeVisible()
  },
}

/** Every state side by side, in both colour modes and two languages, for review. */
export const Catalog: Story = {
  parameters: {
    catalog: {
      dimensions: [
        { name: 'colorMode', values: ['dark', 'light'] },
        { name: 'locale', values: ['en', 'es'] },
      ],
    },
  },
  render: () => (
    <Stack gap="2" width="md">
      <ReplyWindowNotice window={wroteAgo(20.5)} channel="instagram" />
      <ReplyWindowNotice window={wroteAgo(23.5, 'cloud-api')} channel="cloud-api" />
      <ReplyWindowNotice window={wroteAgo(30)} channel="instagram" />
      <ReplyWindowNotice window={wroteAgo(8 * 24)} channel="instagram" />
      <ReplyWindowNotice window={wroteAgo(30, 'cloud-api')} channel="cloud-api" />
    </Stack>
  ),
}
