import { failsAlways, failsFirst, handlers, mockPath, mockRoute, neverAnswer } from '@desk/api-client/mocks'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { withApp } from '../../stories/withApp'
import { DashboardPage } from './DashboardPage'

const meta = {
  title: 'Pages/Dashboard',
  component: DashboardPage,
  decorators: [withApp],
  parameters: { layout: 'fullscreen', app: { path: '/' }, msw: { handlers } },
} satisfies Meta<typeof DashboardPage>

export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

/** Counters from the server's counts and the chart of today's tickets (its drawing loaded on demand). */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByRole('heading', { name: /^Tickets today: \d+$/ })).toBeVisible()
    await expect(page.getAllByRole('term').map((term) => term.textContent)).toEqual(['In service', 'Waiting', 'Closed'])
    await waitFor(() => expect(canvasElement.querySelector('svg[role="img"]')).not.toBeNull(), { timeout: 5000 })
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: [mockRoute('dashboard', neverAnswer), ...handlers] } },
}

/** The counters failed: one reason with Retry, no counters or chart waiting forever. */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: [failsAlways(mockPath('dashboard')), ...handlers] } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    const alert = await page.findByRole('alert')
    await expect(alert).toHaveTextContent('Something went wrong on the server. Please try again.')
    await expect(within(alert).getByRole('button', { name: 'Retry' })).toBeVisible()
    await expect(page.queryByRole('heading', { name: /^Tickets today/ })).toBeNull()
  },
}

/** The first read fails, Retry brings the counters. */
export const RetryAfterFailure: Story = {
  parameters: { msw: { handlers: [failsFirst(mockPath('dashboard')), ...handlers] } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await userEvent.click(await page.findByRole('button', { name: 'Retry' }))
    await expect(await page.findByRole('heading', { name: /^Tickets today: \d+$/ })).toBeVisible()
    await expect(page.queryByRole('alert')).toBeNull()
    await waitFor(() => expect(canvasElement.querySelector('svg[role="img"]')).not.toBeNull(), { timeout: 5000 })
  },
}

export const Portuguese: Story = {
  globals: { locale: 'pt-BR' },
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByRole('heading', { name: /^Tickets hoje: \d+$/ })).toBeVisible()
    await waitFor(() => expect(canvasElement.querySelector('svg[role="img"]')).not.toBeNull(), { timeout: 5000 })
  },
}
