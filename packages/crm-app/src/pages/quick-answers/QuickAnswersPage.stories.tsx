import { handlers } from '@desk/api-client/mocks'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { listStateStories } from '../../stories/listStates'
import { settle, withApp } from '../../stories/withApp'
import { QuickAnswersPage } from './QuickAnswersPage'

const meta = {
  title: 'Pages/Quick answers',
  component: QuickAnswersPage,
  decorators: [withApp],
  parameters: { layout: 'fullscreen', app: { path: '/quickAnswers' }, msw: { handlers } },
} satisfies Meta<typeof QuickAnswersPage>

export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByText('/hello')).toBeVisible()
    await expect(page.getAllByRole('row')).toHaveLength(4)
  },
}

/** Typing in the search box filters on the server after a pause. */
export const Search: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText('/hello')
    await userEvent.type(page.getByRole('searchbox', { name: 'Search quick answers' }), 'thanks')
    await waitFor(() => expect(page.queryByText('/hello')).toBeNull(), { timeout: 3000 })
    await expect(await page.findByText('/thanks')).toBeVisible()
    await expect(page.getAllByRole('row')).toHaveLength(2)
  },
}

/** A new quick answer with a placeholder joins the list. */
export const AddQuickAnswer: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText('/hello')
    await userEvent.click(page.getByRole('button', { name: 'Add quick answer' }))
    const dialog = within(await page.findByRole('dialog'))
    await waitFor(() => expect(page.getByRole('dialog').contains(document.activeElement)).toBe(true))
    await userEvent.type(dialog.getByLabelText(/Shortcut/), 'bye')
    await userEvent.type(dialog.getByLabelText(/Message/), 'See you soon, ')
    await userEvent.click(dialog.getByRole('button', { name: "Contact's name" }))
    await userEvent.click(dialog.getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(page.getByText('Quick reply saved successfully!')).toBeVisible())
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull())
    await expect(await page.findByText('See you soon, {{name}}')).toBeVisible()
    await settle()
  },
}

/** Editing opens the quick answer in the dialog; saving updates its row and a toast confirms. */
export const EditQuickAnswer: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText('/hours')
    await userEvent.click(page.getByRole('button', { name: 'Edit hours' }))
    const dialog = within(await page.findByRole('dialog', { name: 'Edit quick answer' }))
    await waitFor(() => expect(page.getByRole('dialog').contains(document.activeElement)).toBe(true))
    await expect(dialog.getByLabelText(/Shortcut/)).toHaveValue('hours')
    const message = dialog.getByLabelText(/Message/)
    await expect(message).toHaveValue('We are open from 8:00 to 18:00, Monday to Friday.')
    await userEvent.clear(message)
    await userEvent.type(message, 'We are open from 8:00 to 20:00, Monday to Saturday.')
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(page.getByText('Quick reply saved successfully!')).toBeVisible())
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull())
    const row = within(page.getByText('/hours').closest('tr') as HTMLElement)
    await expect(await row.findByText('We are open from 8:00 to 20:00, Monday to Saturday.')).toBeVisible()
    await expect(page.queryByText('We are open from 8:00 to 18:00, Monday to Friday.')).toBeNull()
    await settle()
  },
}

export const DeleteQuickAnswer: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText('/hours')
    await userEvent.click(page.getByRole('button', { name: 'Delete hours' }))
    await userEvent.click(within(await page.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(page.queryByText('/hours')).toBeNull())
    await settle()
  },
}

const listStates = listStateStories({
  route: 'quickAnswerList',
  emptyText: 'No quick answers found',
  emptyAnswer: { quickAnswers: [], hasMore: false, count: 0 },
  loadedText: '/hello',
})

export const Loading: Story = listStates.Loading
export const Empty: Story = listStates.Empty
/** The list failed: the reason and Retry where the table was, never "No quick answers found" with it. */
export const LoadFailed: Story = listStates.LoadFailed
/** The first load fails, Retry brings the rows. */
export const RetryAfterFailure: Story = listStates.RetryAfterFailure
