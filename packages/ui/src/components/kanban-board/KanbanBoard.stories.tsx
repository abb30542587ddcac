import { Box } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { manyCards, sampleCards, sampleLanes } from '../kanban-card/fixtures'
import { KanbanBoard, type KanbanBoardProps } from './KanbanBoard'

/** The board with its cards in state, as a page holds them: a move shows at once. */
function Stateful(props: KanbanBoardProps) {
  const [cards, setCards] = useState(props.cards)
  return (
    <KanbanBoard
      {...props}
      cards={cards}
      onMoveCard={(ticketId, laneId) => {
        props.onMoveCard(ticketId, laneId)
        setCards((all) => all?.map((c) => (c.ticketId === ticketId ? { ...c, laneId } : c)))
      }}
    />
  )
}

const meta = {
  title: 'Components/KanbanBoard',
  component: KanbanBoard,
  args: {
    lanes: sampleLanes,
    cards: sampleCards,
    waitLimitMinutes: 30,
    onMoveCard: fn(),
    onOpenCard: fn(),
    onExportLane: fn(),
    onManageLanes: fn(),
  },
  decorators: [
    (Story) => (
      <Box height="lg" width="5xl">
        <Story />
      </Box>
    ),
  ],
  render: (args) => <Stateful {...args} />,
  tags: ['autodocs'],
} satisfies Meta<typeof KanbanBoard>

export default meta
type Story = StoryObj<typeof meta>

const laneOf = (canvas: ReturnType<typeof within>, title: string) => canvas.getByRole('group', { name: title })

/** Lanes with their cards and counts; a click opens the ticket, the lane's button exports it. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(within(laneOf(canvas, 'New')).getAllByRole('button', { name: / min/ })).toHaveLength(2)
    await expect(within(laneOf(canvas, 'Waiting on customer')).getByText('No cards. Drop one here.')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: /^Ana Souza 4 min/ }))
    await expect(args.onOpenCard).toHaveBeenCalledWith(201)
    await userEvent.click(canvas.getByRole('button', { name: 'Export “In progress” as CSV' }))
    await expect(args.onExportLane).toHaveBeenCalledWith(sampleLanes[1])
  },
}

/** Keyboard: Space picks the card up, → moves it a lane right, Space drops it. */
export const MoveByKeyboard: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    canvas.getByRole('button', { name: /^Ana Souza 4 min/ }).focus()
    await userEvent.keyboard(' ')
    await userEvent.keyboard('{ArrowRight}')
    await userEvent.keyboard(' ')
    await waitFor(() => expect(args.onMoveCard).toHaveBeenCalledWith(201, '2'))
    await waitFor(() =>
      expect(within(laneOf(canvas, 'In progress')).getByRole('button', { name: /^Ana Souza 4 min/ })).toBeVisible(),
    )
    await expect(args.onOpenCard).not.toHaveBeenCalled()
  },
}

/** Escape puts a picked-up card back where it was. */
export const KeyboardCancel: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    canvas.getByRole('button', { name: /^Bruno Lima 20 min/ }).focus()
    await userEvent.keyboard(' ')
    await userEvent.keyboard('{ArrowRight}')
    await userEvent.keyboard('{Escape}')
    await expect(args.onMoveCard).not.toHaveBeenCalled()
    await expect(within(laneOf(canvas, 'New')).getByRole('button', { name: /^Bruno Lima 20 min/ })).toBeVisible()
  },
}

/** The seed's placeholder lane while loading. */
export const Loading: Story = {
  args: { lanes: undefined, cards: undefined, isLoading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/at least one lane/)).toBeVisible()
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading…')
  },
}

/** A failed load keeps the placeholder lane and offers Retry. */
export const LoadFailed: Story = {
  args: { lanes: undefined, cards: undefined, error: { code: 'ERR_INTERNAL' }, onRetry: fn() },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Retry' }))
    await expect(args.onRetry).toHaveBeenCalled()
  },
}

/** 500 cards: long lanes draw only the cards in view. */
export const FiveHundredCards: Story = {
  args: { cards: manyCards(500) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(within(laneOf(canvas, 'New')).getByLabelText('167 cards')).toBeVisible()
    await expect(canvasElement.querySelectorAll('[data-ticket-id]').length).toBeLessThan(100)
  },
}

/** Loaded, loading, in both colour modes and in Spanish. */
export const Catalog: Story = {
  parameters: {
    catalog: {
      dimensions: [
        { name: 'colorMode', values: ['dark', 'light'] },
        { name: 'locale', values: ['en', 'es'] },
      ],
    },
  },
  render: (args) => (
    <Box display="grid" gap="4">
      <KanbanBoard {...args} />
      <KanbanBoard {...args} lanes={undefined} cards={undefined} isLoading />
    </Box>
  ),
}
