import type { Contact, Message, Ticket } from '@desk/api-client'
import {
  cloudApiConnection,
  deskFixtures,
  failsFirst,
  fixtures,
  handlers,
  type MockDb,
  mockDb,
  mockPath,
  scenarios,
  templateFixtures,
} from '@desk/api-client/mocks'
import { clickMenuItem } from '@desk/ui/testing'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { serverSends, settle, withApp } from '../../stories/withApp'
import { TicketsPage } from './TicketsPage'

const meta = {
  title: 'Pages/Tickets',
  component: TicketsPage,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { path: '/tickets', route: '/tickets/:ticketId?' },
    msw: { handlers },
  },
} satisfies Meta<typeof TicketsPage>

export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)
const item = (page: ReturnType<typeof body>, name: string) =>
  within(page.getAllByRole('listitem').find((li) => li.textContent?.includes(name))!)

/** Each step waits on the mock server; on a busy machine that can take seconds. */
const slow = { timeout: 8000 }

/** The admin's open tickets (everyone's: Show all starts on), with the counts of both sub-tabs and the welcome beside them. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByText('Marina Costa')).toBeVisible()
    await expect(page.getByRole('tab', { name: 'Open' })).toHaveAttribute('aria-selected', 'true')
    // Administrators start with Show all on: every open and every waiting ticket of their queues.
    await waitFor(() => expect(page.getByRole('tab', { name: /Waiting/ })).toHaveTextContent('Waiting4'))
    await expect(page.getByRole('tab', { name: /In service/ })).toHaveTextContent('In service4')
    await expect(page.getByRole('switch', { name: 'Show all' })).toBeChecked()
    await expect(page.getByText('Pick a ticket to see its conversation')).toBeVisible()
  },
}

/** Waiting tickets offer Accept and View; accepting opens the conversation, ready to answer. */
export const AcceptAndReply: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await userEvent.click(await page.findByRole('tab', { name: /Waiting/ }))
    await page.findByText('Rafael Gomes')
    await userEvent.click(item(page, 'Rafael Gomes').getByRole('button', { name: 'Accept' }))
    await expect(await page.findByRole('button', { name: 'Resolve' }, slow)).toBeVisible()
    // The list follows the ticket to In service, where it shows selected.
    await waitFor(() => expect(page.getByRole('tab', { name: /In service/ })).toHaveAttribute('aria-selected', 'true'))
    await expect(item(page, 'Rafael Gomes').getByRole('button', { name: 'Rafael Gomes' })).toHaveAttribute(
      'aria-current',
      'true',
    )
    const box = page.getByRole('textbox', { name: 'Message' })
    await waitFor(() => expect(box).toBeEnabled())
    await userEvent.type(box, 'Happy to help!')
    await userEvent.click(page.getByRole('button', { name: 'Send' }))
    await expect(await page.findByText('Happy to help!', {}, slow)).toBeVisible()
    await waitFor(() => expect(box).toHaveValue(''))
    await settle()
  },
}

/** An open conversation with two unread messages: the unread divider above them, the input enabled for the assigned agent. */
/** The search tab says what to do, takes the cursor, and each result shows the message that matched, marked. */
export const SearchTab: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText('Marina Costa')
    await userEvent.click(page.getByRole('tab', { name: 'Search' }))
    const field = page.getByRole('searchbox', { name: 'Search tickets and messages' })
    await waitFor(() => expect(field).toHaveFocus())
    await expect(page.getByText('Type to search…')).toBeVisible()
    await expect(page.queryByText('No tickets here!')).toBeNull()
    await userEvent.keyboard('subscription')
    // Marina's last message asks for the invoice again: the list shows the older one that holds the text, marked.
    const mark = await waitFor(() => item(page, 'Marina Costa').getByText('subscription', { selector: 'mark' }), slow)
    await expect(mark.closest('[data-search-match]')).toHaveTextContent('Hello! I bought a subscription last week')
    await expect(page.queryByText(/Can you send me the/)).toBeNull()
    await settle()
  },
}

export const ConversationOpen: Story = {
  parameters: { app: { path: '/tickets/1' } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByRole('log', { name: 'Messages' })).toBeVisible()
    await waitFor(() => expect(page.getAllByText('Great, thanks').length).toBeGreaterThan(0))
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled()
    // The ticket had two unread messages when it opened: opening marks them read, the divider stays.
    await expect(await page.findByRole('separator', { name: '2 unread messages' })).toBeVisible()
  },
}

/** The messages fail once: the reason and Retry in the conversation (not "Say hello"), then the messages. */
export const MessagesRetryAfterFailure: Story = {
  parameters: {
    app: { path: '/tickets/1' },
    msw: { handlers: [failsFirst(mockPath('messageList')), ...handlers] },
  },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    const log = within(await page.findByRole('log', { name: 'Messages' }))
    const alert = await log.findByRole('alert', {}, slow)
    await expect(alert).toHaveTextContent('Something went wrong on the server. Please try again.')
    await expect(log.queryByText('Say hello to your new contact!')).toBeNull()
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(page.getAllByText('Great, thanks').length).toBeGreaterThan(0), slow)
    await expect(log.queryByRole('alert')).toBeNull()
    await settle()
  },
}

/** A computer without a microphone: recording says why in words, never with the message id. */
export const NoMicrophone: Story = {
  parameters: { app: { path: '/tickets/1' } },
  beforeEach: () => {
    const devices = navigator.mediaDevices
    const original = devices.getUserMedia
    devices.getUserMedia = () => Promise.reject(new DOMException('Requested device not found', 'NotFoundError'))
    return () => {
      devices.getUserMedia = original
    }
  },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await waitFor(() => expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled(), slow)
    await userEvent.click(page.getByRole('button', { name: 'Record audio' }))
    // The toast slides in: wait until it is fully there.
    await waitFor(
      () => expect(page.getByText('No microphone was found. Connect one and try again.')).toBeVisible(),
      slow,
    )
    await expect(page.queryByText('recorder.noDevice')).toBeNull()
    await settle()
  },
}

/** A leading slash offers quick answers, their placeholders filled for this ticket and agent. */
export const QuickAnswer: Story = {
  parameters: { app: { path: '/tickets/1' } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    const box = await page.findByRole('textbox', { name: 'Message' })
    await waitFor(() => expect(box).toBeEnabled())
    await userEvent.type(box, '/hel')
    await userEvent.click(await page.findByRole('option', { name: /hello/ }, slow))
    await waitFor(() =>
      expect((box as HTMLTextAreaElement).value).toContain('Marina Costa! This is Ana Admin from Sales.'),
    )
    await userEvent.clear(box)
    await settle()
  },
}

/**
 * Transfer to another agent: a team of two is listed at once (nothing to type); the ticket leaves this
 * screen and a toast says to whom it went.
 */
export const Transfer: Story = {
  parameters: {
    app: {
      path: '/tickets/1',
      seed: (db: MockDb) => {
        db.users = db.users.slice(0, 2)
      },
    },
  },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await userEvent.click(await page.findByRole('button', { name: 'Ticket options' }))
    await clickMenuItem(await page.findByRole('menuitem', { name: 'Transfer' }))
    const dialog = within(await page.findByRole('dialog'))
    const user = dialog.getByRole('combobox', { name: 'User' })
    await waitFor(() => expect(within(user).getByRole('option', { name: 'Bruno Agent' })).toBeInTheDocument(), slow)
    await expect(dialog.queryByText('Type at least 3 characters')).toBeNull()
    await userEvent.selectOptions(user, 'Bruno Agent')
    await userEvent.click(dialog.getByRole('button', { name: 'Transfer' }))
    // The toast slides in: wait until it is fully there.
    await waitFor(() => expect(page.getByText('Ticket transferred to Bruno Agent.')).toBeVisible(), slow)
    await expect(await page.findByText('Pick a ticket to see its conversation', {}, slow)).toBeVisible()
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull(), slow)
    await waitFor(() => expect(item(page, 'Marina Costa').getByText('Bruno Agent')).toBeVisible(), slow)
    await settle()
  },
}

/** An administrator deletes a ticket after confirming; it leaves the list. */
export const DeleteTicket: Story = {
  parameters: { app: { path: '/tickets/2' } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    // The Delete item shows once the session says this is an administrator.
    await waitFor(() => expect(page.getByRole('switch', { name: 'Show all' })).toBeChecked(), slow)
    await userEvent.click(await page.findByRole('button', { name: 'Ticket options' }))
    await page.findByRole('menuitem', { name: 'Delete' })
    // The last item, chosen from the keyboard.
    await userEvent.keyboard('{ArrowUp}{Enter}')
    const dialog = within(await page.findByRole('alertdialog', {}, slow))
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(page.getByText('Ticket deleted successfully.')).toBeVisible(), slow)
    await waitFor(() => expect(page.queryByRole('alertdialog')).toBeNull(), slow)
    await waitFor(() => expect(page.queryByText('Paulo Mendes')).toBeNull(), slow)
    await settle()
  },
}

/** A customer who never wrote before: their first message, with the waiting ticket it opened in Sales. */
function firstMessageOfNewCustomer() {
  const at = '2026-01-15T10:29:00.000Z'
  const template = deskFixtures.tickets.find((t) => t.status === 'pending' && t.queueId === 1) as Ticket
  const contact: Contact = {
    id: 900,
    name: 'Yara Campos',
    number: '5511987659999',
    email: null,
    profilePicUrl: null,
    isGroup: false,
    extraInfo: [],
    createdAt: at,
    updatedAt: at,
  }
  const text = 'Hi! Is the shop open today?'
  const ticket: Ticket = {
    ...template,
    id: 900,
    contactId: contact.id,
    contact,
    lastMessage: text,
    unreadMessages: 1,
    createdAt: at,
    updatedAt: at,
  }
  const message: Message = {
    ...(deskFixtures.messages.find((m) => m.ticketId === template.id) as Message),
    id: 900,
    ticketId: ticket.id,
    body: text,
    read: false,
    contact: { id: contact.id, name: contact.name },
    createdAt: at,
    updatedAt: at,
  }
  return { action: 'create' as const, message, ticket, contact }
}

/** A new customer writes: their ticket joins Waiting live, on top, and the count follows; no reload. */
export const TicketArrivesLive: Story = {
  parameters: { app: { socket: true } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await userEvent.click(await page.findByRole('tab', { name: /Waiting/ }))
    await page.findByText('Rafael Gomes')
    await waitFor(() => expect(page.getByRole('tab', { name: /Waiting/ })).toHaveTextContent('Waiting4'))
    await expect(page.queryByText('Yara Campos')).toBeNull()
    // Only the event knows this ticket: the mock server's db does not, so no reload could show it.
    await serverSends('appMessage', firstMessageOfNewCustomer())
    await expect(await page.findByText('Yara Campos')).toBeVisible()
    const waiting = within(page.getByText('Rafael Gomes').closest('[role="list"]') as HTMLElement)
    await expect(waiting.getAllByRole('listitem')[0]).toHaveTextContent('Yara Campos')
    await expect(page.getByRole('tab', { name: /Waiting/ })).toHaveTextContent('Waiting5')
    await settle()
  },
}

/** The open ticket is deleted by someone else: a toast says so and the screen goes back to /tickets. */
export const DeletedElsewhere: Story = {
  parameters: { app: { path: '/tickets/2', socket: true } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await waitFor(() => expect(page.getByRole('log', { name: 'Messages' })).toBeVisible(), slow)
    await waitFor(() => expect(page.getAllByText('Thanks, that fixed it!').length).toBeGreaterThan(0), slow)
    // The list has loaded too (the header and the list item both name the contact) and nothing is in flight.
    await waitFor(() => expect(page.getAllByText('Paulo Mendes').length).toBeGreaterThan(1), slow)
    await settle()
    // Deleted on the server (the lists may fetch again), which tells the page.
    mockDb.tickets = mockDb.tickets.filter((t) => t.id !== 2)
    mockDb.messages = mockDb.messages.filter((m) => m.ticketId !== 2)
    await serverSends('ticket', { action: 'delete', ticketId: 2 })
    // The toast fades in: wait until its text is shown, not merely in the DOM.
    await waitFor(() => expect(page.getByText('Ticket deleted successfully.')).toBeVisible(), slow)
    await expect(await page.findByText('Pick a ticket to see its conversation', {}, slow)).toBeVisible()
    await expect(page.queryByRole('log', { name: 'Messages' })).toBeNull()
    await waitFor(() => expect(page.queryByText('Paulo Mendes')).toBeNull(), slow)
    await settle()
  },
}

/** New ticket: find the contact, start, and the new conversation opens. */
export const NewTicket: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText('Marina Costa')
    await userEvent.click(page.getByRole('button', { name: 'New ticket' }))
    const dialog = within(await page.findByRole('dialog'))
    await userEvent.click(dialog.getByRole('combobox', { name: 'Contact' }))
    await userEvent.paste('Vitor')
    await userEvent.click(await dialog.findByRole('option', { name: /Vitor Lima/ }, slow))
    await waitFor(() => expect(dialog.getByRole('combobox', { name: 'Contact' })).toHaveValue('Vitor Lima'))
    await userEvent.click(dialog.getByRole('button', { name: 'Start ticket' }))
    await expect(await page.findByText('Say hello to your new contact!', {}, slow)).toBeVisible()
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull(), slow)
    // The header's Resolve (the list's X buttons share the name).
    await expect(
      page.getAllByRole('button', { name: 'Resolve' }).find((b) => b.textContent === 'Resolve'),
    ).toBeVisible()
    await settle()
  },
}

/** The contact search fails: the dialog says why once (no toast, no "no contacts found"). */
export const NewTicketSearchFails: Story = {
  parameters: { msw: { handlers: [...scenarios.contactsError, ...handlers] } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText('Marina Costa')
    await userEvent.click(page.getByRole('button', { name: 'New ticket' }))
    const dialog = within(await page.findByRole('dialog'))
    await userEvent.click(dialog.getByRole('combobox', { name: 'Contact' }))
    await userEvent.paste('Vitor')
    await expect(await dialog.findByRole('alert', {}, slow)).toBeVisible()
    await expect(dialog.queryByText('No contacts found')).toBeNull()
    await expect(page.queryAllByRole('status').filter((s) => s.textContent?.includes('error'))).toHaveLength(0)
  },
}

/** Closing every open ticket asks first, with the confirm button in the danger colour. */
export const CloseAll: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText('Marina Costa')
    await userEvent.click(page.getByRole('button', { name: 'Close all' }))
    const dialog = within(await page.findByRole('alertdialog'))
    await expect(dialog.getByText('Close all open tickets?')).toBeVisible()
    // Chakra's red.600, the solid of the `red` palette destructive confirmations use.
    await expect(getComputedStyle(dialog.getByRole('button', { name: 'Close all' })).backgroundColor).toBe(
      'rgb(220, 38, 38)',
    )
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(page.queryByRole('alertdialog')).toBeNull(), slow)
  },
}

/** An agent sees their own tickets and the waiting ones of their queue; no Show all switch. */
export const Agent: Story = {
  parameters: { app: { signedInAs: fixtures.agent.id } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByText('Camila Ribeiro')).toBeVisible()
    await expect(page.queryByRole('switch', { name: 'Show all' })).toBeNull()
  },
}

/** Loaded, and no ticket: the empty state only. */
export const Empty: Story = {
  parameters: { msw: { handlers: [...scenarios.ticketsEmpty, ...handlers] } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    // Nothing in service: the Open tab moves on to Waiting, which draws its own empty state.
    await expect(await page.findByRole('tab', { name: /Waiting/, selected: true })).toBeVisible()
    await waitFor(() => expect(page.getByText('No tickets here!')).toBeVisible())
    await expect(page.queryByRole('alert')).toBeNull()
  },
}

/** The first page on its way: skeleton rows, nothing else. */
export const Loading: Story = {
  parameters: { msw: { handlers: [...scenarios.ticketsLoading, ...handlers] } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByRole('region', { name: 'Tickets' })).toHaveAttribute('aria-busy', 'true')
    await expect(page.queryByText('No tickets here!')).toBeNull()
  },
}

/** The list failed: the translated reason and Retry in place of the rows, never "No tickets here!" with it. */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: [...scenarios.ticketsError, ...handlers] } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    const list = within(await page.findByRole('region', { name: 'Tickets' }))
    const alert = await list.findByRole('alert')
    await expect(alert).toHaveTextContent('Something went wrong on the server. Please try again.')
    await expect(within(alert).getByRole('button', { name: 'Retry' })).toBeVisible()
    await expect(page.queryByText('No tickets here!')).toBeNull()
  },
}

const openList = (url: URL) => url.searchParams.get('status') === 'open'

/** The open list fails once and answers the Retry: its tickets come. */
export const RetryAfterFailure: Story = {
  parameters: { msw: { handlers: [failsFirst(mockPath('ticketList'), { matches: openList }), ...handlers] } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    const list = within(await page.findByRole('region', { name: 'Tickets' }))
    await userEvent.click(await list.findByRole('button', { name: 'Retry' }, slow))
    await expect(await page.findByText('Marina Costa', {}, slow)).toBeVisible()
    await expect(list.queryByRole('alert')).toBeNull()
    await settle()
  },
}

/** A phone, 390 × 844 (the `phone` viewport of `.storybook/preview.tsx`). */
const phone = { viewport: { value: 'phone' } }

/** On a phone the list and the conversation take turns: opening a ticket shows it alone, Back returns. */
export const PhoneListAndConversation: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await userEvent.click(await page.findByText('Paulo Mendes'))
    await expect(await page.findByRole('log', { name: 'Messages' }, slow)).toBeVisible()
    // The conversation alone: no list beside it, and no welcome.
    await expect(page.queryByRole('tab', { name: 'Open' })).toBeNull()
    await userEvent.click(page.getByRole('button', { name: 'Back to tickets' }))
    await expect(await page.findByText('Marina Costa', {}, slow)).toBeVisible()
    await expect(page.queryByRole('log', { name: 'Messages' })).toBeNull()
    await expect(page.queryByText('Pick a ticket to see its conversation')).toBeNull()
  },
}

/**
 * On a phone the header keeps the contact's name: Return and Resolve, the hidden toolbar's actions (protocol,
 * exports, e-mail), Transfer and Delete are in its menu.
 */
export const PhoneHeaderMenu: Story = {
  globals: phone,
  parameters: { app: { path: '/tickets/1' } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByRole('log', { name: 'Messages' })).toBeVisible()
    await waitFor(() => expect(page.getByRole('switch', { name: 'Sign' })).toBeEnabled(), slow)
    await expect(page.queryByRole('button', { name: 'Resolve' })).toBeNull()
    await expect(page.getByRole('button', { name: /Marina Costa/ })).toBeVisible()
    await userEvent.click(page.getByRole('button', { name: 'Ticket options' }))
    const menu = within(await page.findByRole('menu'))
    await waitFor(() =>
      expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
        'Return',
        'Resolve',
        'Resolve with protocol',
        'Export CSV',
        'Export text',
        'E-mail conversation',
        'Transfer',
        'Delete',
      ]),
    )
    // Esc folds it again and gives the focus back to its button.
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(page.queryByRole('menu')).toBeNull())
    await expect(page.getByRole('button', { name: 'Ticket options' })).toHaveFocus()
  },
}

/** Resolving from the folded menu closes the ticket and goes back to the list, where it is no longer open. */
export const PhoneResolve: Story = {
  globals: phone,
  parameters: { app: { path: '/tickets/1' } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByRole('log', { name: 'Messages' })).toBeVisible()
    await userEvent.click(page.getByRole('button', { name: 'Ticket options' }))
    // From the keyboard: down to Resolve, Enter.
    const menu = within(await page.findByRole('menu'))
    await waitFor(() => expect(menu.getAllByRole('menuitem')).toHaveLength(8))
    const highlighted = () => menu.getAllByRole('menuitem').find((i) => i.hasAttribute('data-highlighted'))
    for (let step = 0; step < 4 && highlighted()?.textContent !== 'Resolve'; step++) {
      await userEvent.keyboard('{ArrowDown}')
    }
    await expect(highlighted()).toHaveTextContent('Resolve')
    await userEvent.keyboard('{Enter}')
    await expect(await page.findByRole('tab', { name: 'Open' }, slow)).toHaveAttribute('aria-selected', 'true')
    await expect(page.queryByRole('log', { name: 'Messages' })).toBeNull()
    await expect(await page.findByText('Paulo Mendes', {}, slow)).toBeVisible()
    await waitFor(() => expect(page.queryByText('Marina Costa')).toBeNull(), slow)
    await settle()
  },
}

/** On a phone the contact opens as a full-screen sheet over the conversation; closing it gives the chat back. */
export const PhoneContactSheet: Story = {
  globals: phone,
  parameters: { app: { path: '/tickets/1' } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByRole('log', { name: 'Messages' })).toBeVisible()
    await userEvent.click(page.getByRole('button', { name: /Marina Costa/ }))
    const sheet = await page.findByRole('dialog', { name: 'Contact details' })
    await expect(await within(sheet).findByRole('button', { name: 'Edit contact' }, slow)).toBeVisible()
    const box = sheet.getBoundingClientRect()
    await expect([box.width, box.height]).toEqual([390, 844])
  },
}

/** Nothing in service: the Open tab starts on Waiting, so the customers who wait are what the agent sees first. */
export const StartsOnWaiting: Story = {
  parameters: { msw: { handlers: [...scenarios.nothingInService, ...handlers] } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await waitFor(
      () => expect(page.getByRole('tab', { name: /Waiting/ })).toHaveAttribute('aria-selected', 'true'),
      slow,
    )
    await expect(await page.findByText('Rafael Gomes')).toBeVisible()
    await expect(page.getByRole('tab', { name: /In service/ })).toHaveTextContent('In service0')
    // The user's own choice wins from then on.
    await userEvent.click(page.getByRole('tab', { name: /In service/ }))
    await waitFor(() => expect(page.getByRole('tab', { name: /In service/ })).toHaveAttribute('aria-selected', 'true'))
    await expect(await page.findByText('No tickets here!')).toBeVisible()
    await userEvent.click(page.getByRole('tab', { name: /Waiting/ }))
    await expect(await page.findByText('Rafael Gomes')).toBeVisible()
  },
}

/**
 * The contact form comes with its first opening (it is downloaded then): Edit contact opens it filled in,
 * saving closes it, and it opens again at once with what was saved.
 */
export const EditContact: Story = {
  parameters: { app: { path: '/tickets/1' } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByRole('log', { name: 'Messages' })).toBeVisible()
    await userEvent.click(page.getByRole('button', { name: /Marina Costa/ }))
    await userEvent.click(await page.findByRole('button', { name: 'Edit contact' }, slow))
    const dialog = within(await page.findByRole('dialog', { name: 'Edit contact' }, slow))
    const name = dialog.getByRole('textbox', { name: 'Name' })
    await waitFor(() => expect(name).toHaveValue('Marina Costa'))
    await userEvent.clear(name)
    await userEvent.type(name, 'Marina C. Costa')
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(page.queryByRole('dialog', { name: 'Edit contact' })).toBeNull(), slow)
    await userEvent.click(await page.findByRole('button', { name: 'Edit contact' }, slow))
    const again = within(await page.findByRole('dialog', { name: 'Edit contact' }, slow))
    await waitFor(() => expect(again.getByRole('textbox', { name: 'Name' })).toHaveValue('Marina C. Costa'), slow)
    await settle()
  },
}

/**
 * An hour and a half before the stories' fixed "now" (10:30 UTC on 15 January 2026): a reply window still open,
 * closing "tomorrow at 09:00" whatever the day or hour the story runs.
 */
const customerWroteAt = '2026-01-15T09:00:00.000Z'

/**
 * A Cloud API ticket whose last message the Graph API refused for the reply window (a late webhook made the
 * window look open): the message offers "Send a template", which puts the template picker in the input's place.
 */
export const SendTemplateAfterRefusal: Story = {
  parameters: {
    app: {
      path: '/tickets/1',
      seed: (db: MockDb) => {
        db.connections.push(structuredClone(cloudApiConnection))
        db.templates = structuredClone(templateFixtures)
        const cloud = { id: cloudApiConnection.id, name: cloudApiConnection.name, driver: 'cloud-api' as const }
        db.tickets = db.tickets.map((t) =>
          t.id === 1 ? { ...t, whatsappId: cloud.id, whatsapp: cloud, lastCustomerMessageAt: customerWroteAt } : t,
        )
        db.messages.push({
          id: 9001,
          ticketId: 1,
          body: 'Your invoice is ready',
          fromMe: true,
          read: true,
          mediaUrl: null,
          mediaType: 'chat',
          ack: 0,
          isDeleted: false,
          error: 'ERR_REPLY_WINDOW_CLOSED',
          createdAt: '2026-01-15T10:29:00.000Z',
          updatedAt: '2026-01-15T10:29:00.000Z',
        })
      },
    },
  },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await userEvent.click(await page.findByRole('button', { name: 'Send a template' }, slow))
    await expect(await page.findByLabelText('Message template', {}, slow)).toBeVisible()
    await settle()
  },
}
