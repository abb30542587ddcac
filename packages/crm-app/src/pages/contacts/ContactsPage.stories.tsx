import {
  deskFixtures,
  failsFirst,
  fixtures,
  handlers,
  mockDb,
  mockPath,
  mockRoute,
  scenarios,
} from '@desk/api-client/mocks'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { delay, HttpResponse } from 'msw'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { settle, withApp } from '../../stories/withApp'
import { ContactsPage } from './ContactsPage'

const meta = {
  title: 'Pages/Contacts',
  component: ContactsPage,
  decorators: [withApp],
  parameters: { layout: 'fullscreen', app: { path: '/contacts' }, msw: { handlers } },
} satisfies Meta<typeof ContactsPage>

export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)
const first = deskFixtures.contacts[0]

/** The first page of 20 contacts, with every action for an administrator. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByText(first.name)).toBeVisible()
    await expect(page.getAllByRole('row')).toHaveLength(21)
    await expect(page.getByRole('button', { name: 'Delete all' })).toBeVisible()
    await expect(page.getByRole('button', { name: `Delete ${first.name}` })).toBeVisible()
  },
}

/** Agents may not delete contacts: neither one nor all. */
export const Agent: Story = {
  parameters: { app: { signedInAs: fixtures.agent.id } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText(first.name)
    await expect(page.queryByRole('button', { name: /^Delete/ })).toBeNull()
  },
}

/** A contact with two extra-info rows joins the list; a duplicate number shows the translated error. */
export const AddContact: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText(first.name)
    await userEvent.click(page.getByRole('button', { name: 'Add contact' }))
    const dialog = within(await page.findByRole('dialog'))
    await waitFor(() => expect(page.getByRole('dialog').contains(document.activeElement)).toBe(true))
    // Pasted where typing adds nothing to the story: key by key, the dialog's form renders again for each letter
    // (seconds on a busy machine).
    const fill = async (input: HTMLElement, text: string) => {
      await userEvent.click(input)
      await userEvent.paste(text)
    }
    await fill(dialog.getByLabelText(/Name/), 'Zeca Pagodinho')
    await userEvent.type(dialog.getByLabelText('Number'), first.number ?? '')
    await userEvent.click(dialog.getByRole('button', { name: 'Add information' }))
    await userEvent.click(dialog.getByRole('button', { name: 'Add information' }))
    const [field1, field2] = dialog.getAllByLabelText('Field')
    const [value1, value2] = dialog.getAllByLabelText('Value')
    await fill(field1!, 'Company')
    await fill(value1!, 'Samba Ltda')
    await fill(field2!, 'City')
    await fill(value2!, 'Rio')
    await userEvent.click(dialog.getByRole('button', { name: 'Add' }))
    // Under the number only (no toast, no banner), and the number takes the focus.
    await expect(await page.findByText('A contact with this number already exists.')).toBeVisible()
    await waitFor(() => expect(dialog.getByLabelText('Number')).toHaveFocus())
    await expect(page.getAllByText('A contact with this number already exists.')).toHaveLength(1)

    await userEvent.clear(dialog.getByLabelText('Number'))
    await userEvent.type(dialog.getByLabelText('Number'), '+55 21 99876-5432')
    await userEvent.click(dialog.getByRole('button', { name: 'Add' }))
    // The toast first: it shows for 3 s from the save, while the dialog's closing may take longer on a busy machine.
    await waitFor(() => expect(page.getByText('Contact saved successfully!')).toBeVisible())
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull())
    await settle()
  },
}

/** The first page as rows that lack their extra info (as a contact a live event added to the list). */
// Read from the mock database, so a list read again after a save shows the saved name.
const rowsWithoutExtraInfo = mockRoute('contactList', () =>
  HttpResponse.json({
    contacts: [...mockDb.contacts]
      .sort((a, b) => a.name.localeCompare(b.name))
      .slice(0, 20)
      .map(({ extraInfo: _, ...contact }) => contact),
    hasMore: true,
    count: mockDb.contacts.length,
  }),
)

/**
 * Editing a contact whose row came without its extra info: the dialog fetches the contact
 * first (a spinner meanwhile), shows its rows, and saving a new name keeps them.
 */
export const EditKeepsExtraInfo: Story = {
  parameters: {
    msw: {
      handlers: [
        rowsWithoutExtraInfo,
        // Slower than usual, so the wait shows; then the shared handler answers.
        mockRoute('contactGet', () => delay(400)),
        ...handlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    const [plan] = first.extraInfo ?? []
    await page.findByText(first.name)
    await userEvent.click(page.getByRole('button', { name: `Edit ${first.name}` }))
    let dialog = within(await page.findByRole('dialog'))
    await expect(await dialog.findByRole('status')).toHaveTextContent('Loading…')
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled()
    await expect(await dialog.findByDisplayValue(plan.value)).toBeVisible()
    await expect(dialog.getByLabelText('Field')).toHaveValue(plan.name)

    const name = dialog.getByLabelText(/Name/)
    await userEvent.clear(name)
    // Pasted: typed key by key, the dialog's form renders again for each letter (seconds on a busy machine).
    await userEvent.paste('Marina Costa Lima')
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(page.getByText('Contact saved successfully!')).toBeVisible())
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull())

    // Opened again, the saved contact still has its row.
    await userEvent.click(page.getByRole('button', { name: 'Edit Marina Costa Lima' }))
    dialog = within(await page.findByRole('dialog'))
    await expect(await dialog.findByDisplayValue(plan.value)).toBeVisible()
    await expect(dialog.getByLabelText('Field')).toHaveValue(plan.name)
    await expect(dialog.getByLabelText(/Name/)).toHaveValue('Marina Costa Lima')
    await settle()
  },
}

/** Starting a ticket opens it. */
export const StartTicket: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText('Alice Correia')
    await userEvent.click(page.getByRole('button', { name: 'Start a ticket with Alice Correia' }))
    await expect(await page.findByTestId('location')).toHaveTextContent(/^\/tickets\/\d+$/)
  },
}

/** A contact whose ticket is still open gets no second one: the agent is taken to the one in progress. */
export const StartTicketAlreadyOpen: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText(first.name)
    await userEvent.click(page.getByRole('button', { name: `Start a ticket with ${first.name}` }))
    await expect(await page.findByTestId('location')).toHaveTextContent(/^\/tickets\/1$/)
    // A toast of the story before may still be leaving: wait until this one has come in.
    const note = await page.findByText('This contact already has a ticket in progress: here it is.')
    await waitFor(() => expect(note).toBeVisible())
    await settle()
  },
}

/** The ticket in progress is a colleague's: an agent is told why, and stays on the page. */
export const StartTicketTakenByColleague: Story = {
  parameters: { app: { signedInAs: fixtures.agent.id } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText(first.name)
    await userEvent.click(page.getByRole('button', { name: `Start a ticket with ${first.name}` }))
    const note = await page.findByText('There is already an open ticket for this contact.')
    await waitFor(() => expect(note).toBeVisible())
    await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible()
    await expect(page.queryByTestId('location')).toBeNull()
    await settle()
  },
}

/** Export: a `;`-separated CSV with a header row and the contacts. */
export const Export: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText(first.name)
    const files: Blob[] = []
    const original = URL.createObjectURL
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      if (blob instanceof Blob) files.push(blob)
      return original(blob)
    }
    try {
      await userEvent.click(page.getByRole('button', { name: 'Export' }))
      await waitFor(() => expect(files).toHaveLength(1))
    } finally {
      URL.createObjectURL = original
    }
    const lines = (await files[0].text()).replace(/^\uFEFF/, '').split('\r\n')
    await expect(lines[0]).toBe('name;number;email')
    await expect(lines).toContain(`${first.name};${first.number};${first.email ?? ''}`)
  },
}

/** Delete all asks first, naming what goes, then empties the list. */
export const DeleteAll: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText(first.name)
    await userEvent.click(page.getByRole('button', { name: 'Delete all' }))
    const confirm = within(await page.findByRole('alertdialog'))
    await expect(confirm.getByText(/tickets, messages and kanban cards/)).toBeVisible()
    await userEvent.click(confirm.getByRole('button', { name: 'Delete everything' }))
    await expect(await page.findByText('No contacts found')).toBeVisible()
    await expect(page.getByText('All contacts, tickets and cards were deleted.')).toBeVisible()
    await settle()
  },
}

/**
 * Deleting one contact asks first; then its row goes and a toast confirms. The first row, so the list
 * does not scroll to reach it (which would load the next page).
 */
export const DeleteContact: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    const name = 'Alice Correia'
    await page.findByText(name)
    await userEvent.click(page.getByRole('button', { name: `Delete ${name}` }))
    const confirm = within(await page.findByRole('alertdialog', { name: `Delete ${name}?` }))
    await expect(confirm.getByText(/tickets and messages of this contact/)).toBeVisible()
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(page.getByText('Contact deleted successfully!')).toBeVisible())
    await waitFor(() => expect(page.queryByRole('alertdialog')).toBeNull())
    await waitFor(() => expect(page.queryByText(name)).toBeNull())
    await expect(page.getByText('Beatriz Rocha')).toBeVisible()
    await settle()
  },
}

/**
 * The phone holds two contacts the desk lacks and three it has: importing adds two and skips three (the
 * shared handler's phone has none to add).
 */
const importTwo = mockRoute('contactImport', () => {
  const added = ['Aline Souza', 'Arthur Nogueira'].map((name, i) => ({
    id: mockDb.nextId++,
    name,
    number: `5511990000${i + 1}`,
    email: null,
    profilePicUrl: null,
    isGroup: false,
    extraInfo: [],
    createdAt: '2026-01-15T10:00:00.000Z',
    updatedAt: '2026-01-15T10:00:00.000Z',
  }))
  mockDb.contacts.push(...added)
  return HttpResponse.json({ added: added.length, skipped: 3 })
})

/** Import asks first; then a toast tells how many contacts were added and skipped, and the list shows the new ones. */
export const Import: Story = {
  parameters: { msw: { handlers: [importTwo, ...handlers] } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText(first.name)
    await userEvent.click(page.getByRole('button', { name: 'Import' }))
    const confirm = within(await page.findByRole('alertdialog', { name: "Import the phone's contacts?" }))
    await userEvent.click(confirm.getByRole('button', { name: 'Import' }))
    await waitFor(() => expect(page.queryByRole('alertdialog')).toBeNull())
    await waitFor(() => expect(page.getByText('2 contacts added, 3 skipped')).toBeVisible())
    await expect(await page.findByText('Aline Souza')).toBeVisible()
    await expect(page.getByText('Arthur Nogueira')).toBeVisible()
    await settle()
  },
}

/** Nothing new on the phone: the report says so, with the count of contacts skipped. */
export const ImportNothingNew: Story = {
  parameters: {
    msw: {
      handlers: [mockRoute('contactImport', () => HttpResponse.json({ added: 0, skipped: 1 })), ...handlers],
    },
  },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText(first.name)
    await userEvent.click(page.getByRole('button', { name: 'Import' }))
    const confirm = within(await page.findByRole('alertdialog', { name: "Import the phone's contacts?" }))
    await userEvent.click(confirm.getByRole('button', { name: 'Import' }))
    await waitFor(() => expect(page.getByText('No new contacts, 1 skipped')).toBeVisible())
    await settle()
  },
}

/** A phone (390 × 844): the table puts number and e-mail under the name; the import report fits the screen. */
export const PhoneImport: Story = {
  globals: { viewport: { value: 'phone' } },
  parameters: { msw: { handlers: [importTwo, ...handlers] } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText(first.name)
    await expect(page.queryByRole('columnheader', { name: 'Number' })).toBeNull()
    const table = page.getByRole('table')
    await expect(table.scrollWidth).toBeLessThanOrEqual(table.clientWidth)
    await userEvent.click(page.getByRole('button', { name: 'Import' }))
    const confirm = within(await page.findByRole('alertdialog', { name: "Import the phone's contacts?" }))
    await userEvent.click(confirm.getByRole('button', { name: 'Import' }))
    await waitFor(() => expect(page.getByText('2 contacts added, 3 skipped')).toBeVisible())
    await expect(await page.findByText('Aline Souza')).toBeVisible()
    await settle()
  },
}

/** Typing in the search box filters the rows on the server after a pause. */
export const Search: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText(first.name)
    await userEvent.type(page.getByRole('searchbox', { name: 'Search contacts by name, number or email' }), 'alice')
    await waitFor(() => expect(page.getAllByRole('row')).toHaveLength(2), { timeout: 3000 })
    await expect(page.getByText('Alice Correia')).toBeVisible()
    await expect(page.queryByText(first.name)).toBeNull()
    await settle()
  },
}

/** The first page on its way: skeleton rows under the header, nothing else. */
export const Loading: Story = {
  parameters: { msw: { handlers: [...scenarios.contactsLoading, ...handlers] } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByRole('region', { name: 'Contacts' })).toHaveAttribute('aria-busy', 'true')
    await expect(page.queryByText('No contacts found')).toBeNull()
  },
}

/** Loaded, and nothing matches: the empty state only. */
export const Empty: Story = {
  parameters: { msw: { handlers: [...scenarios.contactsEmpty, ...handlers] } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByRole('heading', { name: 'No contacts found' })).toBeVisible()
    await expect(page.queryByRole('alert')).toBeNull()
  },
}

/** The load failed: the translated reason and Retry in place of the table, never "No contacts found" with it. */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: [...scenarios.contactsError, ...handlers] } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    const alert = await page.findByRole('alert')
    await expect(alert).toHaveTextContent('Could not load')
    await expect(alert).toHaveTextContent('Something went wrong on the server. Please try again.')
    await expect(within(alert).getByRole('button', { name: 'Retry' })).toBeVisible()
    await expect(page.queryByText('No contacts found')).toBeNull()
    await expect(page.getAllByRole('alert')).toHaveLength(1)
  },
}

/** The server fails once and answers the Retry: the rows come. */
export const RetryAfterFailure: Story = {
  parameters: { msw: { handlers: [failsFirst(mockPath('contactList')), ...handlers] } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await userEvent.click(await page.findByRole('button', { name: 'Retry' }))
    await expect(await page.findByText(first.name)).toBeVisible()
    await expect(page.getAllByRole('row')).toHaveLength(21)
    await expect(page.queryByRole('alert')).toBeNull()
    await settle()
  },
}

const secondPage = (url: URL) => url.searchParams.get('pageNumber') === '2'

/** The next page fails: the first 20 rows stay, Retry at the bottom asks for that page again. */
export const NextPageFails: Story = {
  parameters: { msw: { handlers: [failsFirst(mockPath('contactList'), { matches: secondPage }), ...handlers] } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText(first.name)
    const region = page.getByRole('region', { name: 'Contacts' })
    region.scrollTop = region.scrollHeight
    const alert = await page.findByRole('alert')
    await expect(alert).toHaveTextContent('Something went wrong on the server. Please try again.')
    await expect(page.getByText(first.name)).toBeInTheDocument()
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(page.getAllByRole('row').length).toBeGreaterThan(21))
    await expect(page.queryByRole('alert')).toBeNull()
    await settle()
  },
}
