import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { sampleLanes } from '../kanban-card/fixtures'
import { LaneSelector } from './LaneSelector'

const meta = {
  title: 'Components/LaneSelector',
  component: LaneSelector,
  args: { lanes: sampleLanes, value: '1', onChange: fn() },
  tags: ['autodocs'],
} satisfies Meta<typeof LaneSelector>

export default meta
type Story = StoryObj<typeof meta>

/** The ticket's lane, labelled "Lane" so it does not read as a status; choosing another moves the card. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Lane')).toBeVisible()
    const select = canvas.getByRole('combobox', { name: 'Lane' })
    await expect(select).toHaveValue('1')
    await userEvent.selectOptions(select, 'Waiting on customer')
    await expect(args.onChange).toHaveBeenCalledWith('3')
  },
}

/** A new install's built-in lane "Open" reads in the agent's language; lanes an administrator named stay as named. */
export const BuiltInLaneInPortuguese: Story = {
  globals: { locale: 'pt-BR' },
  args: { lanes: [{ ...sampleLanes[0], title: 'Open' }, ...sampleLanes.slice(1)] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const select = canvas.getByRole('combobox', { name: 'Coluna' })
    await expect(select).toHaveDisplayValue('Abertos')
    await expect(canvas.getByRole('option', { name: 'In progress' })).toBeInTheDocument()
    await expect(canvas.queryByRole('option', { name: 'Open' })).not.toBeInTheDocument()
  },
}

/** The same in Spanish. */
export const BuiltInLaneInSpanish: Story = {
  globals: { locale: 'es' },
  args: { lanes: [{ ...sampleLanes[0], title: 'Open' }, ...sampleLanes.slice(1)] },
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Columna' })
    await expect(select).toHaveDisplayValue('Abiertos')
  },
}

/** While the card is loading the selector waits. */
export const Loading: Story = {
  args: { value: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox', { name: 'Lane' })).toBeDisabled()
  },
}
