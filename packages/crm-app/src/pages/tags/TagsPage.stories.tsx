import { createHandlers, createMockDb, tagFixtures } from '@desk/api-client/mocks'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { settle, withApp } from '../../stories/withApp'
import { TagsPage } from './TagsPage'

/** A catalogue of three tags; each story gets a fresh one. */
const withCatalogue = () => createHandlers({ db: createMockDb({ tags: tagFixtures }) }).all

const meta = {
  title: 'Pages/Tags',
  component: TagsPage,
  decorators: [withApp],
  parameters: { layout: 'fullscreen', app: { path: '/tags' }, msw: { handlers: withCatalogue() } },
} satisfies Meta<typeof TagsPage>

export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByText('VIP')).toBeVisible()
    await expect(page.getByText('Late payer')).toBeVisible()
  },
}

/** A second tag named like the first (in another case) is refused under the name. */
export const NameAlreadyUsed: Story = {
  parameters: { msw: { handlers: withCatalogue() } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText('VIP')
    await userEvent.click(page.getByRole('button', { name: 'Add tag' }))
    const dialog = within(await page.findByRole('dialog'))
    await waitFor(() => expect(page.getByRole('dialog').contains(document.activeElement)).toBe(true))
    await userEvent.type(dialog.getByLabelText(/Name/), 'vip')
    await userEvent.click(dialog.getByRole('radio', { name: 'Purple 500' }))
    await userEvent.click(dialog.getByRole('button', { name: 'Add' }))
    await expect(await dialog.findByText('Already in use')).toBeVisible()
    await settle()
  },
}

/** Deleting asks first, then the row goes. */
export const DeleteTag: Story = {
  parameters: { msw: { handlers: withCatalogue() } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText('New')
    await userEvent.click(page.getByRole('button', { name: 'Delete New' }))
    const confirm = within(await page.findByRole('alertdialog'))
    await expect(confirm.getByText('The tag is taken off every contact that carries it.')).toBeVisible()
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(page.queryByText('New')).toBeNull())
    await settle()
  },
}
