import { handlers, mockDb, mockRoute } from '@desk/api-client/mocks'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { HttpResponse } from 'msw'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { settle, withApp } from '../../stories/withApp'
import { GroupsPage } from './GroupsPage'

/** /ZDGGroups over the mock desk: connection 1 ("Main line") is in five groups and administers three of them. */
const meta = {
  title: 'Pages/Outreach/Groups',
  component: GroupsPage,
  decorators: [withApp],
  parameters: { layout: 'fullscreen', app: { path: '/ZDGGroups' }, msw: { handlers } },
} satisfies Meta<typeof GroupsPage>

export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

/** Types the dispatch id and waits for that connection's groups. */
const chooseConnection = async (canvasElement: HTMLElement) => {
  const page = body(canvasElement)
  await userEvent.type(await page.findByRole('combobox', { name: /Dispatch ID/ }), '1')
  await page.findByText('Clientes São Paulo')
  return page
}
const choose = (page: ReturnType<typeof body>, ...names: string[]) =>
  Promise.all(names.map((name) => userEvent.click(page.getByRole('checkbox', { name: `Select ${name}` }))))
const tab = (page: ReturnType<typeof body>, name: string) => userEvent.click(page.getByRole('tab', { name }))

/** No connection chosen yet: the directory asks for one. */
export const NoConnection: Story = {
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByText('Choose a connection')).toBeVisible()
  },
}

/** Atualizar Grupo: two groups renamed after "Rename 2 groups to …"; the job shows under the form and the field clears. */
export const UpdateTab: Story = {
  play: async ({ canvasElement }) => {
    const page = await chooseConnection(canvasElement)
    await choose(page, 'Clientes São Paulo', 'Equipe de vendas')
    await expect(page.getByText('2 of 5 selected')).toBeVisible()
    await userEvent.type(page.getByRole('textbox', { name: 'Title' }), 'Clientes VIP')
    await userEvent.click(page.getByRole('button', { name: 'Update' }))
    const confirm = within(await page.findByRole('alertdialog', { name: 'Rename 2 groups to “Clientes VIP”?' }))
    await userEvent.click(confirm.getByRole('button', { name: 'Update' }))
    await waitFor(() => expect(page.queryByRole('alertdialog')).toBeNull())
    await expect(mockDb.jobs[0]?.kind).toBe('groupSubject')
    await expect(await page.findByRole('link', { name: `Open job ${mockDb.jobs[0]?.id}` })).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('')
    await settle()
  },
}

/** Crear Grupo: a group with one contact, and its invite link to copy. */
export const CreateTab: Story = {
  play: async ({ canvasElement }) => {
    const page = await chooseConnection(canvasElement)
    await tab(page, 'Create group')
    await userEvent.type(page.getByRole('textbox', { name: /New group title/ }), 'Pedidos Maio')
    await userEvent.type(page.getByRole('textbox', { name: /Contact/ }), '5511987650031')
    await userEvent.click(page.getByRole('button', { name: 'Create' }))
    await expect(await page.findByText('Group “Pedidos Maio” created.')).toBeVisible()
    await expect(page.getByText(/^https:\/\/chat\.whatsapp\.com\//)).toBeVisible()
    // The directory is read again: the new group is in it.
    await expect(await page.findByText('Pedidos Maio', { selector: 'p' })).toBeVisible()
    await settle()
  },
}

/** Abrir Grupo: a group the connection does not administer is said to be skipped. */
export const OpenTab: Story = {
  play: async ({ canvasElement }) => {
    const page = await chooseConnection(canvasElement)
    await choose(page, 'Atacado – pedidos', 'Fornecedores')
    await tab(page, 'Open group')
    await userEvent.click(page.getByRole('button', { name: 'Open groups' }))
    const confirm = within(await page.findByRole('alertdialog', { name: 'Let everyone write in 1 group?' }))
    await expect(confirm.getByText(/1 chosen group is not administered by this connection/)).toBeVisible()
  },
}

/** Cerrar Grupo: every group shown chosen from the header box. */
export const CloseTab: Story = {
  play: async ({ canvasElement }) => {
    const page = await chooseConnection(canvasElement)
    await userEvent.click(page.getByRole('checkbox', { name: 'Select all groups shown' }))
    await tab(page, 'Close group')
    await userEvent.click(page.getByRole('button', { name: 'Close groups' }))
    await page.findByRole('alertdialog', { name: 'Let only admins write in 3 groups?' })
  },
}

/** Mensaje grupal: posted in the chosen groups. */
export const GroupMessageTab: Story = {
  play: async ({ canvasElement }) => {
    const page = await chooseConnection(canvasElement)
    await choose(page, 'Clientes São Paulo', 'Atacado – pedidos', 'Equipe de vendas')
    await tab(page, 'Group message')
    await userEvent.type(page.getByRole('textbox', { name: /Message/ }), 'Promoção de fim de semana!')
    await userEvent.click(page.getByRole('button', { name: 'Post' }))
    const confirm = within(await page.findByRole('alertdialog', { name: 'Post in 3 groups?' }))
    await userEvent.click(confirm.getByRole('button', { name: 'Post' }))
    await waitFor(() => expect(mockDb.jobs[0]?.kind).toBe('groupMessage'))
    await expect(mockDb.jobs[0]?.total).toBe(3)
    await settle()
  },
}

/** Mensaje del Sistema: "Message 12 people privately" — each person once, the own number and the opted-out left out. */
export const SystemMessageTab: Story = {
  play: async ({ canvasElement }) => {
    const page = await chooseConnection(canvasElement)
    await userEvent.click(page.getByRole('checkbox', { name: 'Select all groups shown' }))
    await tab(page, 'System message')
    await userEvent.type(page.getByRole('textbox', { name: /Private message/ }), 'A loja fecha às 18h.')
    await userEvent.click(page.getByRole('button', { name: 'Send' }))
    const confirm = within(await page.findByRole('alertdialog', { name: 'Message 12 people privately?' }))
    await expect(confirm.getByText('1 person is on the opt-out list and left out.')).toBeVisible()
  },
}

/** The seed's rule on the page: a tab whose fields match no combination sends nothing. */
export const Incomplete: Story = {
  play: async ({ canvasElement }) => {
    const page = await chooseConnection(canvasElement)
    const jobs = mockDb.jobs.length
    await userEvent.click(page.getByRole('button', { name: 'Update' }))
    await expect(await page.findByText('Fill in the fields correctly; nothing was done.')).toBeVisible()
    await expect(mockDb.jobs).toHaveLength(jobs)
  },
}

/** A network that cannot list groups answers why, with Retry. */
export const DirectoryFails: Story = {
  parameters: {
    msw: {
      handlers: [
        mockRoute('groupList', () => HttpResponse.json({ error: 'ERR_GROUP_ACTION_UNSUPPORTED' }, { status: 400 })),
        ...handlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await userEvent.type(await page.findByRole('combobox', { name: /Dispatch ID/ }), '1')
    await expect(await page.findByText("This connection's network cannot do this with groups.")).toBeVisible()
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible()
    await settle()
  },
}

/** A phone (390 × 844): the tabs scroll sideways in their row and nothing else overflows. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    const page = await chooseConnection(canvasElement)
    await choose(page, 'Clientes São Paulo')
    const doc = canvasElement.ownerDocument.documentElement
    await expect(doc.scrollWidth).toBeLessThanOrEqual(doc.clientWidth)
    await settle()
  },
}
