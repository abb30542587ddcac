import { Box, Stack } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { freshCard, lateCard, makeCard, nearCard } from './fixtures'
import { KanbanCard } from './KanbanCard'

const meta = {
  title: 'Components/KanbanCard',
  component: KanbanCard,
  args: { card: freshCard, waitLimitMinutes: 30, onOpen: fn() },
  decorators: [
    (Story) => (
      <Box width="72">
        <Story />
      </Box>
    ),
  ],
  tags: ['autodocs'],
} satisfies Meta<typeof KanbanCard>

export default meta
type Story = StoryObj<typeof meta>

/** Within the limit: green. A click or Enter opens the ticket. */
export const Fresh: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    const card = canvas.getByRole('button', { name: /^Ana Souza 4 min/ })
    await userEvent.click(card)
    await expect(args.onOpen).toHaveBeenCalledWith(201)
    card.focus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onOpen).toHaveBeenCalledTimes(2)
  },
}

/** Past half of the limit, with tags. */
export const NearWithTags: Story = {
  args: { card: nearCard },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByTitle('Close to the waiting limit')).toBeVisible()
    await expect(within(canvas.getByRole('list', { name: 'Tags' })).getAllByRole('listitem')).toHaveLength(2)
  },
}

/** Past the limit, unassigned, no message, a long name. */
export const Late: Story = {
  args: { card: lateCard },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByTitle('Past the waiting limit')).toHaveTextContent('1 d')
    await expect(canvas.getByText('Unassigned')).toBeVisible()
  },
}

/** The card marks its channel; an unnamed group reads "Group …" and the end of its id. */
export const ChannelAndUnnamedGroup: Story = {
  args: {
    card: makeCard(205, '120363025246125486', '0', 3, {
      channel: 'cloud-api',
      contact: {
        ...freshCard.contact,
        id: 205,
        name: '120363025246125486',
        number: '120363025246125486',
        isGroup: true,
      },
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('img', { name: 'WhatsApp Cloud API' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: /^Group …5486/ })).toBeVisible()
  },
}

/** The three wait levels, in both colour modes and in Portuguese. */
export const Catalog: Story = {
  parameters: {
    catalog: {
      dimensions: [
        { name: 'colorMode', values: ['dark', 'light'] },
        { name: 'locale', values: ['en', 'pt-BR'] },
      ],
    },
  },
  render: (args) => (
    <Stack gap="2">
      <KanbanCard {...args} card={freshCard} />
      <KanbanCard {...args} card={nearCard} />
      <KanbanCard {...args} card={lateCard} />
    </Stack>
  ),
}
