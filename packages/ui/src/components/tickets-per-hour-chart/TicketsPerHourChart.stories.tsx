import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { TicketsPerHourChart } from './TicketsPerHourChart'

const COUNTS = [0, 0, 0, 0, 0, 0, 1, 3, 9, 14, 12, 10, 6, 8, 11, 13, 9, 7, 4, 2, 1, 0, 0, 0]
const perHour = COUNTS.map((count, hour) => ({ hour, count }))
const total = COUNTS.reduce((sum, count) => sum + count, 0)
const empty = COUNTS.map((_, hour) => ({ hour, count: 0 }))

const meta = {
  title: 'Components/TicketsPerHourChart',
  component: TicketsPerHourChart,
  args: { perHour, total, animate: false },
  tags: ['autodocs'],
  // The chart is loaded on demand: wait for it before the checks and the screenshot.
  play: async ({ canvasElement, args }) => {
    if (args.isLoading) return
    await waitFor(() => expect(canvasElement.querySelector('svg[role="img"]')).not.toBeNull(), { timeout: 5000 })
  },
} satisfies Meta<typeof TicketsPerHourChart>

export default meta
type Story = StoryObj<typeof meta>

/** The title counts today's tickets; a table (for screen readers) lists every hour 00:00 to 23:00. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('img', { name: 'Tickets created today per hour' })
    await expect(canvas.getByRole('heading', { name: 'Tickets today: 110' })).toBeVisible()
    const rows = canvas.getAllByRole('row').slice(1)
    await expect(rows).toHaveLength(24)
    await expect(rows[0]).toHaveTextContent('00:00')
    await expect(rows[9]).toHaveTextContent('09:0014')
    await expect(rows[23]).toHaveTextContent('23:00')
  },
}

/** Bars are 40 px wide when there is room. */
export const BarSize: Story = {
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('img', { name: 'Tickets created today per hour' })
    const bars = [...canvasElement.querySelectorAll('svg rect[rx="3"]')]
    const widths = new Set(bars.map((rect) => Math.round(Number(rect.getAttribute('width')))))
    await expect(bars).toHaveLength(24)
    await expect([...widths]).toEqual([40])
  },
}

/** Pointing at a bar names its hour and its count. */
export const BarTooltip: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('img', { name: 'Tickets created today per hour' })
    const bar = canvasElement.querySelector('svg rect[data-testid="bar.item.count.9"]')
    if (!bar) throw new Error('no bar for 09:00')
    // The tooltip follows the pointer: point at the bar's middle.
    const box = bar.getBoundingClientRect()
    const coords = { clientX: box.x + box.width / 2, clientY: box.y + box.height / 2 }
    await userEvent.pointer({ target: bar, coords })
    // The tooltip appears once the bar has seen the pointer: wait for it.
    await waitFor(() => expect(canvas.getByText('09:00: 14 tickets')).toBeVisible())
  },
}

export const NoTicketsYet: Story = {
  args: { perHour: empty, total: 0 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('img', { name: 'Tickets created today per hour' })
    await expect(canvas.getByRole('heading', { name: 'Tickets today: 0' })).toBeVisible()
  },
}

export const Loading: Story = {
  args: { isLoading: true },
}

/** On a narrow screen the bars get thinner and every other hour is labelled. */
export const Narrow: Story = {
  globals: { viewport: { value: 'mobile1' } },
  render: (args) => (
    <div style={{ maxWidth: '360px' }}>
      <TicketsPerHourChart {...args} height={240} />
    </div>
  ),
}

export const Catalog: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: '24px' }}>
      <TicketsPerHourChart {...args} height={220} />
      <TicketsPerHourChart {...args} perHour={empty} total={0} height={160} />
      <TicketsPerHourChart {...args} isLoading height={160} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('svg[role="img"]')).toHaveLength(2), { timeout: 5000 })
  },
}

export const Light: Story = {
  globals: { colorMode: 'light' },
}

export const Spanish: Story = {
  globals: { locale: 'es' },
}
