import {
  createHandlers,
  createMockDb,
  deskFixtures,
  failsAlways,
  handlers,
  mockPath,
  mockRoute,
  neverAnswer,
} from '@desk/api-client/mocks'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { HttpResponse } from 'msw'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { settle, withApp } from '../../stories/withApp'
import { KanbanPage } from './KanbanPage'

const meta = {
  title: 'Pages/Kanban',
  component: KanbanPage,
  decorators: [withApp],
  parameters: { layout: 'fullscreen', app: { path: '/ZDGKanban' }, msw: { handlers } },
} satisfies Meta<typeof KanbanPage>

export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)
const lane = (page: ReturnType<typeof body>, title: string) => within(page.getByRole('group', { name: title }))

/** Keyboard move of a card one lane to the right. */
const moveRight = async (page: ReturnType<typeof body>, name: RegExp) => {
  page.getByRole('button', { name }).focus()
  await userEvent.keyboard(' ')
  await userEvent.keyboard('{ArrowRight}')
  await userEvent.keyboard(' ')
}

/** The open tickets in the first lane; a move is saved and stays. */
export const MoveSaved: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByRole('group', { name: 'Open' })
    await expect(await lane(page, 'Open').findByRole('button', { name: /^Marina Costa/ })).toBeVisible()
    await moveRight(page, /^Marina Costa/)
    await expect(await lane(page, 'Follow-up').findByRole('button', { name: /^Marina Costa/ })).toBeVisible()
    await settle()
  },
}

/** The server refuses the move: the card snaps back and a toast says why. */
export const MoveRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        mockRoute('cardMove', () => HttpResponse.json({ error: 'ERR_NO_PERMISSION' }, { status: 403 })),
        ...handlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByRole('group', { name: 'Open' })
    await lane(page, 'Open').findByRole('button', { name: /^Marina Costa/ })
    await moveRight(page, /^Marina Costa/)
    // The toast fades in: its text is in the page before it can be seen.
    const refused = await page.findByText(/^The card could not be moved/)
    await waitFor(() => expect(refused).toBeVisible())
    await waitFor(() => expect(lane(page, 'Open').getByRole('button', { name: /^Marina Costa/ })).toBeVisible())
    await expect(lane(page, 'Follow-up').queryByRole('button', { name: /^Marina Costa/ })).toBeNull()
  },
}

/** Administrators manage the lanes from the board. */
export const ManageLanes: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await userEvent.click(await page.findByRole('button', { name: 'Manage lanes' }))
    const dialog = within(await page.findByRole('dialog', { name: 'Lanes' }))
    await expect(dialog.getAllByRole('listitem')).toHaveLength(3)
  },
}

/** 30 quick answers: more than one page of 20. */
const manyAnswers = () => {
  const extra = Array.from({ length: 27 }, (_, i) => ({
    ...deskFixtures.quickAnswers[0]!,
    id: 100 + i,
    shortcut: `reply-${String(i + 1).padStart(2, '0')}`,
    message: `Answer ${i + 1}`,
  }))
  return createHandlers({ db: createMockDb({ quickAnswers: [...deskFixtures.quickAnswers, ...extra] }) }).all
}

/** The lane form searches the quick answers on the server: one past the first page is found and chosen. */
export const SearchQuickAnswers: Story = {
  parameters: { msw: { handlers: manyAnswers() } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await userEvent.click(await page.findByRole('button', { name: 'Manage lanes' }))
    const lanes = within(await page.findByRole('dialog', { name: 'Lanes' }))
    await userEvent.click(lanes.getByRole('button', { name: 'Add lane' }))
    const form = within(await page.findByRole('dialog', { name: 'Add lane' }))
    const select = await form.findByRole('combobox', { name: /send the quick answer/ })
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(21))
    await expect(within(select).queryByRole('option', { name: '/reply-27' })).toBeNull()
    await userEvent.type(form.getByRole('searchbox', { name: 'Search quick answers' }), 'reply-27')
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2), { timeout: 5000 })
    await userEvent.selectOptions(select, '/reply-27')
    // Another search keeps the chosen answer in the list, chosen.
    await userEvent.clear(form.getByRole('searchbox', { name: 'Search quick answers' }))
    await userEvent.type(form.getByRole('searchbox', { name: 'Search quick answers' }), 'hello')
    await waitFor(() => expect(within(select).getByRole('option', { name: '/hello' })).toBeInTheDocument(), {
      timeout: 5000,
    })
    await expect(select).toHaveDisplayValue('/reply-27')
    await settle()
  },
}

/** The seed's placeholder lane and loading state while the lanes are on their way. */
export const Loading: Story = {
  parameters: { msw: { handlers: [mockRoute('laneList', neverAnswer), ...handlers] } },
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByText(/at least one lane/)).toBeVisible()
  },
}

/** A failed load keeps the placeholder lane, with the reason and Retry. */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: [failsAlways(mockPath('laneList')), ...handlers] } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByRole('button', { name: 'Retry' })).toBeVisible()
    await expect(page.getByText(/at least one lane/)).toBeVisible()
  },
}
