import { HStack } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { WidgetLauncher } from './WidgetLauncher'

const meta = {
  title: 'Components/WidgetLauncher',
  component: WidgetLauncher,
  args: { onClick: fn() },
  decorators: [
    (Story) => (
      <HStack padding="4" gap="4">
        <Story />
      </HStack>
    ),
  ],
  tags: ['autodocs'],
} satisfies Meta<typeof WidgetLauncher>

export default meta
type Story = StoryObj<typeof meta>

/** Closed, with three desk messages unread: the badge, and the count in the button's name. */
export const ClosedWithBadge: Story = {
  args: { unreadCount: 3 },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Open chat (3 unread messages)' })
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    await userEvent.click(button)
    await expect(args.onClick).toHaveBeenCalledTimes(1)
  },
}

export const WithText: Story = {
  args: { icon: 'help', text: 'Need help?', unreadCount: 1 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Need help? (1 unread message)' })).toBeVisible()
  },
}

/** Open: a cross that closes the panel; no badge. */
export const Open: Story = {
  args: { open: true, unreadCount: 3 },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Close chat' })
    await expect(button).toHaveAttribute('aria-expanded', 'true')
  },
}

/** The host's colour: a dark one gets white on it, a light one near-black. */
export const HostColours: Story = {
  render: (args) => (
    <>
      <WidgetLauncher {...args} primaryColor="#1d4ed8" unreadCount={2} />
      <WidgetLauncher
        {...args}
        primaryColor="#facc15"
        icon="mail"
        text="Write to us"
        position="left"
        unreadCount={12}
      />
      <WidgetLauncher {...args} primaryColor="#be123c" icon="help" />
    </>
  ),
}

export const Catalog: Story = {
  parameters: {
    catalog: {
      columns: 3,
      dimensions: [
        { name: 'colorMode', values: ['dark', 'light'] },
        { name: 'locale', values: ['en', 'pt-BR', 'es'] },
      ],
    },
  },
  render: (args) => (
    <>
      <WidgetLauncher {...args} unreadCount={4} />
      <WidgetLauncher {...args} icon="help" text="Help" />
      <WidgetLauncher {...args} open />
    </>
  ),
}
