import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { DashboardCounters } from './DashboardCounters'

const meta = {
  title: 'Components/DashboardCounters',
  component: DashboardCounters,
  args: { counters: { open: 12, pending: 5, closed: 1284 } },
  tags: ['autodocs'],
} satisfies Meta<typeof DashboardCounters>

export default meta
type Story = StoryObj<typeof meta>

/** Each number is announced with its label (a term and its definition). */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const terms = canvas.getAllByRole('term').map((term) => term.textContent)
    const values = canvas.getAllByRole('definition').map((value) => value.textContent)
    await expect(terms).toEqual(['In service', 'Waiting', 'Closed'])
    await expect(values).toEqual(['12', '5', '1,284'])
  },
}

export const Loading: Story = {
  args: { counters: undefined, isLoading: true },
}

/** A refresh keeps the numbers on screen. */
export const Refreshing: Story = {
  args: { isLoading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('1,284')).toBeVisible()
  },
}

export const Zero: Story = {
  args: { counters: { open: 0, pending: 0, closed: 0 } },
}

export const Catalog: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: '24px' }}>
      <DashboardCounters counters={{ open: 12, pending: 5, closed: 1284 }} />
      <DashboardCounters isLoading />
      <DashboardCounters counters={{ open: 0, pending: 0, closed: 0 }} />
    </div>
  ),
}

export const Light: Story = {
  globals: { colorMode: 'light' },
}

export const Portuguese: Story = {
  globals: { locale: 'pt-BR' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('1.284')).toBeVisible()
  },
}
