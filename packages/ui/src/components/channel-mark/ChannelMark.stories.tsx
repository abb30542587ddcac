import { HStack, Stack, Text } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { CHANNELS, type Channel, ChannelMark } from './ChannelMark'

const meta = {
  title: 'Components/ChannelMark',
  component: ChannelMark,
  args: { channel: 'webchat' },
  tags: ['autodocs'],
} satisfies Meta<typeof ChannelMark>

export default meta
type Story = StoryObj<typeof meta>

/** The web chat's mark, named for screen readers. */
export const WebChat: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'Web chat' })).toBeVisible()
  },
}

/** A connection whose channel is not known draws nothing (a test only: hidden from the sidebar). */
export const Unknown: Story = {
  args: { channel: 'fax' },
  tags: ['!dev', '!autodocs'],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('img')).toBeNull()
  },
}

/** Every channel with its name, in both sizes, for review. */
export const Catalog: Story = {
  render: () => (
    <Stack gap="2">
      {(Object.keys(CHANNELS) as Channel[]).map((channel) => (
        <HStack key={channel} gap="3">
          <ChannelMark channel={channel} />
          <ChannelMark channel={channel} size="md" />
          <Text textStyle="sm">{channel}</Text>
        </HStack>
      ))}
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('img')).toHaveLength(Object.keys(CHANNELS).length * 2)
  },
}
