import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { sampleLanes } from '../kanban-card/fixtures'
import { LaneSelector } from './LaneSelector'

const meta = {
  component: LaneSelector,
  args: { lanes: sampleLanes, value: '1', onChange: fn() },
  tags: ['autodocs'],
} satisfies Meta<typeof LaneSelector>

export default meta
type Story = StoryObj<typeof meta>

/** The ticket's lane; choosing another moves the card. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Kanban lane' })
    await expect(select).toHaveValue('1')
    await userEvent.selectOptions(select, 'Waiting on customer')
    await expect(args.onChange).toHaveBeenCalledWith('3')
  },
}

/** While the card is loading the selector waits. */
export const Loading: Story = {
  args: { value: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox', { name: 'Kanban lane' })).toBeDisabled()
  },
}
