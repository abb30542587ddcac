import { deskFixtures, handlers, type MockDb, mockDb } from '@desk/api-client/mocks'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { settle, withApp } from '../../stories/withApp'
import { InstagramDirectPage } from './InstagramDirectPage'

/** The shop's Instagram connection beside the other connections. */
const withInstagram = (db: MockDb) => void db.connections.push(structuredClone(deskFixtures.instagramConnection))

const meta = {
  title: 'Pages/Outreach/InstagramDirect',
  component: InstagramDirectPage,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { path: '/InstaDirect', socket: true, seed: withInstagram },
    msw: { handlers },
  },
} satisfies Meta<typeof InstagramDirectPage>

export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

/** /InstaDirect with nothing typed: the seed's warning, the fields, the shop's Instagram connection. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    const connection = await page.findByRole('combobox', { name: /Instagram connection/ })
    await expect(connection).toHaveValue('70')
    await expect(page.getByText(/may ban accounts that abuse them/)).toBeVisible()
    await settle()
  },
}

/**
 * Four names: two the shop can message now, one that never wrote, one whose window closed. The page says so before
 * sending; the job skips the two with their reasons.
 */
export const SkippedNames: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByRole('combobox', { name: /Instagram connection/ })
    await userEvent.click(page.getByRole('textbox', { name: /Instagram users/ }))
    await userEvent.paste('@ana.moda\nbia\nquem_nunca\ngabi')
    await userEvent.type(page.getByRole('textbox', { name: /Message/ }), 'Chegou coleção nova!')
    await expect(await page.findByText('2 of 4 can be messaged now')).toBeVisible()
    await expect(page.getByText('quem_nunca')).toBeVisible()
    await userEvent.click(page.getByRole('button', { name: 'Send' }))
    const dialog = await page.findByRole('alertdialog', { name: 'Send to 2 people?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(mockDb.jobs[0]?.kind).toBe('direct'))
    await expect(mockDb.jobs[0]).toMatchObject({ total: 4, skipped: 2 })
    await expect(await page.findByText('Sent messages: 0 / 2')).toBeVisible()
    await settle()
  },
}
