import { handlers } from '@desk/api-client/mocks'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { withApp } from '../../stories/withApp'
import { JobsPage } from './JobsPage'

const meta = {
  title: 'Pages/Outreach/Jobs',
  component: JobsPage,
  decorators: [withApp],
  parameters: { layout: 'fullscreen', app: { path: '/jobs', socket: true }, msw: { handlers } },
} satisfies Meta<typeof JobsPage>

export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

/** Every job, newest first, with its connection's name, status, progress and actions. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect((await page.findAllByText('Main line')).length).toBeGreaterThan(0)
    await expect(
      page.getByText('Paused after several failures in a row. Check the connection, then resume.'),
    ).toBeVisible()
  },
}

/** Details open the job's page. */
export const OpenJob: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await userEvent.click(await page.findByRole('button', { name: 'Details of job 501' }))
    await expect(await page.findByTestId('location')).toHaveTextContent('/jobs/501')
  },
}
