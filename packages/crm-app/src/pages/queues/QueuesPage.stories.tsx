import { handlers } from '@desk/api-client/mocks'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { listStateStories } from '../../stories/listStates'
import { settle, withApp } from '../../stories/withApp'
import { QueuesPage } from './QueuesPage'

const meta = {
  title: 'Pages/Queues',
  component: QueuesPage,
  decorators: [withApp],
  parameters: { layout: 'fullscreen', app: { path: '/queues' }, msw: { handlers } },
} satisfies Meta<typeof QueuesPage>

export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByText('Sales')).toBeVisible()
    await expect(page.getByText('Support')).toBeVisible()
  },
}

const addQueue = async (page: ReturnType<typeof body>, name: string, colour: string) => {
  await userEvent.click(page.getByRole('button', { name: 'Add queue' }))
  const dialog = within(await page.findByRole('dialog'))
  await waitFor(() => expect(page.getByRole('dialog').contains(document.activeElement)).toBe(true))
  await userEvent.type(dialog.getByLabelText(/Name/), name)
  await userEvent.click(dialog.getByRole('radio', { name: colour }))
  await userEvent.click(dialog.getByRole('button', { name: 'Add' }))
  return dialog
}

/** Two queues: the second picks a colour already in use and the dialog says so under the colours, once. */
export const ColourAlreadyUsed: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText('Sales')
    await addQueue(page, 'VIP', 'Purple 500')
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull())
    await expect(await page.findByText('VIP')).toBeVisible()
    const dialog = await addQueue(page, 'Partners', 'Purple 500')
    await expect(await dialog.findByText('This colour is already in use. Pick another one.')).toBeVisible()
    // Neither a toast nor a banner repeats it.
    await expect(page.getAllByText('This colour is already in use. Pick another one.')).toHaveLength(1)
    await expect(dialog.queryByRole('alert')).toBeNull()
    await settle()
  },
}

/** Editing opens the queue in the dialog; saving updates its row and a toast confirms. */
export const EditQueue: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText('Support')
    await userEvent.click(page.getByRole('button', { name: 'Edit Support' }))
    const dialog = within(await page.findByRole('dialog', { name: 'Edit queue' }))
    await waitFor(() => expect(page.getByRole('dialog').contains(document.activeElement)).toBe(true))
    // Its name, and its colour (from before the palette) chosen.
    await expect(dialog.getByLabelText(/Name/)).toHaveValue('Support')
    await expect(dialog.getByRole('radio', { name: 'Current colour' })).toBeChecked()
    await userEvent.clear(dialog.getByLabelText(/Name/))
    await userEvent.type(dialog.getByLabelText(/Name/), 'Customer care')
    await userEvent.click(dialog.getByRole('radio', { name: 'Blue 500' }))
    await userEvent.type(dialog.getByLabelText('Greeting message'), 'Tell us what went wrong.')
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull())
    const row = within((await page.findByText('Customer care')).closest('tr') as HTMLElement)
    await expect(row.getByText('Tell us what went wrong.')).toBeVisible()
    await expect(page.queryByText('Support')).toBeNull()
    await expect(await page.findByText('Queue saved successfully')).toBeVisible()
    await settle()
  },
}

export const DeleteQueue: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText('Support')
    await userEvent.click(page.getByRole('button', { name: 'Delete Support' }))
    const confirm = within(await page.findByRole('alertdialog'))
    await expect(confirm.getByRole('heading', { name: 'Delete Support?' })).toBeVisible()
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(page.getByText('Queue deleted successfully!')).toBeVisible())
    await waitFor(() => expect(page.queryByText('Support')).toBeNull())
    await settle()
  },
}

const listStates = listStateStories({
  route: 'queueList',
  emptyText: 'No queues yet',
  emptyAnswer: [],
  loadedText: 'Support',
})

export const Loading: Story = listStates.Loading
export const Empty: Story = listStates.Empty
/** The list failed: the reason and Retry where the table was, never "No queues yet" with it. */
export const LoadFailed: Story = listStates.LoadFailed
/** The first load fails, Retry brings the rows. */
export const RetryAfterFailure: Story = listStates.RetryAfterFailure
