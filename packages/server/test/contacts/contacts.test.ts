import { ContactImportResponse } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNumberCheck } from '../../src/modules/contacts/default-driver'
import { indexMessageTail } from '../../src/modules/tickets/repository/search-index'
import { checkMessageIndex } from '../support/database'
import { connectSimulator, listen, notificationSocket } from '../support/desk'
import { drivers } from '../support/drivers'
import { apiPath, type Client, startWithAgent, type TestServer } from '../support/server'

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`contacts (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let agent: Client
    let sim: Awaited<ReturnType<typeof connectSimulator>>

    beforeAll(async () => {
      ;({ t, admin, agent } = await startWithAgent(driver, { simulator: { qrRefreshMs: 0 } }))
    })
    afterAll(() => t?.close())

    it('cannot import without a default connection', async () => {
      const res = await agent.call('contactImport')
      expect(res.status).toBe(400)
      expect(res.body.error).toBe('ERR_NO_DEF_WAPP_FOUND')
      sim = await connectSimulator(admin)
    })

    it('stores numbers as digits, checks lengths and e-mail, and keeps extra-info rows', async () => {
      const made = await agent.call('contactCreate', {
        body: {
          name: 'Maria Souza',
          number: '+55 (13) 91234-4321',
          email: 'Maria@Example.com',
          extraInfo: [
            { name: 'CPF', value: '123.456.789-00' },
            { name: 'Plan', value: 'Gold' },
          ],
        },
      })
      expect(made.status).toBe(200)
      expect(made.body).toMatchObject({ name: 'Maria Souza', number: '5513912344321', email: 'maria@example.com' })
      expect(made.body.extraInfo?.map((e) => e.name)).toEqual(['CPF', 'Plan'])

      const seven = await agent.call('contactCreate', { body: { name: 'Seven', number: '1234567' } })
      expect(seven.status).toBe(400)
      expect(seven.body.fields).toEqual([{ path: 'number', message: 'validation.tooShort' }])
      const fiftyOne = await agent.call('contactCreate', { body: { name: 'Long', number: '1'.repeat(51) } })
      expect(fiftyOne.body.fields?.[0]).toEqual({ path: 'number', message: 'validation.tooLong' })
      const eight = await agent.call('contactCreate', { body: { name: 'Eight', number: '12345678' } })
      expect(eight.status).toBe(200)
      const mail = await agent.call('contactCreate', { body: { name: 'Mail', email: 'not-an-email' } })
      expect(mail.body.fields?.[0]?.path).toBe('email')
      const name = await agent.call('contactCreate', { body: { name: 'M' } })
      expect(name.body.fields?.[0]).toEqual({ path: 'name', message: 'validation.tooShort' })

      // Removing one row and adding another replaces the list.
      const rows = made.body.extraInfo ?? []
      const edited = await agent.call('contactUpdate', {
        params: { id: made.body.id },
        body: {
          extraInfo: [
            { id: rows[1]?.id, name: 'Plan', value: 'Platinum' },
            { name: 'City', value: 'Santos' },
          ],
        },
      })
      expect(edited.body.extraInfo?.map((e) => `${e.name}=${e.value}`)).toEqual(['Plan=Platinum', 'City=Santos'])
    })

    it('lists each contact with its extra info, and edits rows in place without losing any', async () => {
      const made = await agent.call('contactCreate', {
        body: {
          name: 'Rows Kept',
          number: '5511966610001',
          extraInfo: [
            { name: 'Company', value: 'Samba Ltda' },
            { name: 'City', value: 'Rio' },
          ],
        },
      })
      const bare = await agent.call('contactCreate', { body: { name: 'Rows None', number: '5511966610002' } })
      const [company, city] = made.body.extraInfo ?? []
      const listed = await agent.call('contactList', { query: { searchParam: 'rows' } })
      expect(listed.body.contacts.map((c) => [c.name, c.extraInfo])).toEqual([
        ['Rows Kept', made.body.extraInfo],
        ['Rows None', []],
      ])

      // A save without the list (a rename) leaves the rows as they are.
      const renamed = await agent.call('contactUpdate', {
        params: { id: made.body.id },
        body: { name: 'Rows Kept Too' },
      })
      expect(renamed.body.extraInfo).toEqual(made.body.extraInfo)

      // The form sends the rows back: one changed keeps its id, one left out goes, one new is added.
      const edited = await agent.call('contactUpdate', {
        params: { id: made.body.id },
        body: {
          name: 'Rows Kept Too',
          extraInfo: [
            { id: company?.id, name: 'Company', value: 'Samba S.A.' },
            { name: 'Plan', value: 'Gold' },
          ],
        },
      })
      expect(edited.status).toBe(200)
      expect(edited.body.extraInfo).toEqual([
        { id: company?.id, name: 'Company', value: 'Samba S.A.' },
        { id: expect.any(Number), name: 'Plan', value: 'Gold' },
      ])
      expect(edited.body.extraInfo?.[1]?.id).not.toBe(city?.id)

      // Another contact's row id is not touched: the row is added to this contact instead.
      const other = await agent.call('contactUpdate', {
        params: { id: bare.body.id },
        body: {
          extraInfo: [{ id: company?.id, name: 'Stolen', value: 'no' }],
        },
      })
      expect(other.body.extraInfo).toEqual([{ id: expect.any(Number), name: 'Stolen', value: 'no' }])
      expect(other.body.extraInfo?.[0]?.id).not.toBe(company?.id)
      expect((await agent.call('contactGet', { params: { id: made.body.id } })).body.extraInfo).toEqual(
        edited.body.extraInfo,
      )

      // A refused save changes none of them.
      const refused = await agent.call('contactUpdate', {
        params: { id: made.body.id },
        body: {
          number: '5511966610002',
          extraInfo: [],
        },
      })
      expect(refused.body.error).toBe('ERR_DUPLICATED_CONTACT')
      expect((await agent.call('contactGet', { params: { id: made.body.id } })).body.extraInfo).toEqual(
        edited.body.extraInfo,
      )
    })

    it('refuses a number another contact has, however it is typed', async () => {
      const dup = await agent.call('contactCreate', { body: { name: 'Maria Again', number: '55 13 91234 4321' } })
      expect(dup.status).toBe(400)
      expect(dup.body.error).toBe('ERR_DUPLICATED_CONTACT')
      const other = await agent.call('contactCreate', { body: { name: 'Other', number: '5511933330000' } })
      const moved = await agent.call('contactUpdate', {
        params: { id: other.body.id },
        body: { number: '5513912344321' },
      })
      expect(moved.body.error).toBe('ERR_DUPLICATED_CONTACT')
    })

    it('asks the connected default connection whether the number exists', async () => {
      await admin.call('simulatorPhoneBook', {
        params: { connectionId: sim.id },
        body: { contacts: [], unregistered: ['5511900000404'] },
      })
      const invalid = await agent.call('contactCreate', { body: { name: 'Nobody', number: '5511900000404' } })
      expect(invalid.status).toBe(400)
      expect(invalid.body.error).toBe('ERR_WAPP_INVALID_CONTACT')
      expect(invalid.body.fields?.[0]?.path).toBe('number')
      const list = await agent.call('contactList', { query: { searchParam: 'nobody' } })
      expect(list.body.contacts).toEqual([])

      // A check that fails on the network's side.
      const failing = createNumberCheck(t.server.db, {
        driver: async () =>
          ({
            isConnected: () => true,
            checkNumber: async () => {
              throw new Error('network down')
            },
          }) as never,
      })
      await expect(failing('5511900000001')).rejects.toMatchObject({ code: 'ERR_WAPP_CHECK_CONTACT' })
    })

    it('searches name, number and e-mail, 20 a page', async () => {
      await agent.call('contactCreate', {
        body: { name: 'Zed Search', number: '5521987650001', email: 'zed@shop.test' },
      })
      const byName = await agent.call('contactList', { query: { searchParam: 'ZED' } })
      const byNumber = await agent.call('contactList', { query: { searchParam: '87650001' } })
      const byMail = await agent.call('contactList', { query: { searchParam: 'shop.test' } })
      for (const res of [byName, byNumber, byMail]) expect(res.body.contacts.map((c) => c.name)).toEqual(['Zed Search'])

      for (let i = 0; i < 21; i++)
        await t.server.services.contacts.findOrCreate({ number: `55119000${1000 + i}`, name: `Paged ${i}` })
      const first = await agent.call('contactList', { query: { searchParam: 'paged' } })
      expect(first.body.contacts).toHaveLength(20)
      expect(first.body.hasMore).toBe(true)
      const second = await agent.call('contactList', { query: { searchParam: 'paged', pageNumber: 2 } })
      expect(second.body.contacts).toHaveLength(1)
      expect(second.body.hasMore).toBe(false)
    })

    it('finds a number typed with its formatting by its digits, from three digits on', async () => {
      await agent.call('contactCreate', { body: { name: 'Formatted Finder', number: '+55 13 99123-8765' } })
      for (const typed of ['+55 13 99123', '(13) 99123-87', '991-238', ' 13 9912 ']) {
        const res = await agent.call('contactList', { query: { searchParam: typed } })
        expect(
          res.body.contacts.map((c) => c.name),
          typed,
        ).toContain('Formatted Finder')
      }
      // Two digits are too few to search numbers by; the text as typed still searches names and e-mails.
      const few = await agent.call('contactList', { query: { searchParam: '+5-5' } })
      expect(few.body.contacts).toEqual([])
      const other = await agent.call('contactList', { query: { searchParam: '+55 13 00' } })
      expect(other.body.contacts.map((c) => c.name)).not.toContain('Formatted Finder')
    })

    it("imports the default connection's phone book, reporting how many were added and skipped", async () => {
      const book = await admin.call('simulatorPhoneBook', {
        params: { connectionId: sim.id },
        body: {
          contacts: [
            { name: 'Ana From Phone', number: '+55 11 97777-0001' },
            { name: 'Maria on the phone', number: '5513912344321' },
            { name: 'Too short', number: '1234567' },
            { name: 'Bia From Phone', number: '5511977770002' },
          ],
        },
      })
      expect(book.body).toEqual({ contacts: 4, unregistered: 0 })
      const heard = listen(await t.socket(agent.token))
      const res = await agent.call('contactImport')
      expect(res.status).toBe(200)
      // Added: Ana and Bia. Skipped: Maria (already a contact) and the number too short to be one.
      expect(res.body).toEqual({ added: 2, skipped: 2 })
      expect(ContactImportResponse.parse(res.body)).toEqual(res.body)
      const found = await agent.call('contactList', { query: { searchParam: '5511977770001' } })
      expect(found.body.contacts.map((c) => c.name)).toEqual(['Ana From Phone'])
      await heard.until((name, p) => name === 'contact' && (p as { action: string }).action === 'create')
      // Importing again adds nothing and skips every entry of the phone book.
      expect((await agent.call('contactImport')).body).toEqual({ added: 0, skipped: 4 })

      await admin.call('simulatorDrop', { params: { connectionId: sim.id } })
      const offline = await agent.call('contactImport')
      expect(offline.body.error).toBe('ERR_WAPP_NOT_INITIALIZED')
      await admin.call('sessionStart', { params: { id: sim.id } })
      await admin.call('simulatorScan', { params: { connectionId: sim.id } })
    })

    it('exports rows and a CSV that spreadsheets open as text', async () => {
      await agent.call('contactCreate', { body: { name: '=HYPERLINK("http://x.test","go")', number: '5511966660001' } })
      await agent.call('contactCreate', {
        body: { name: 'Semi; Colon', number: '5511966660002', email: 'semi@colon.test' },
      })
      await agent.call('contactCreate', { body: { name: 'José Ñandú', number: '5511966660003' } })

      const rows = await agent.call('contactExport')
      expect(rows.status).toBe(200)
      expect(rows.body).toContainEqual({ name: 'Semi; Colon', number: '5511966660002', email: 'semi@colon.test' })
      expect(rows.body.every((r) => Object.keys(r).sort().join() === 'email,name,number')).toBe(true)

      const res = await fetch(`${t.url}${apiPath('contactExportCsv')}`, {
        headers: { authorization: `Bearer ${agent.token}` },
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/)
      expect(res.headers.get('content-disposition')).toMatch(/attachment; filename=".*\.csv"/)
      const bytes = new Uint8Array(await res.arrayBuffer())
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n')
      expect(lines[0]).toBe('name;number;email')
      expect(lines).toContain(`"'=HYPERLINK(""http://x.test"",""go"")";5511966660001;`)
      expect(lines).toContain('"Semi; Colon";5511966660002;semi@colon.test')
      expect(lines).toContain('José Ñandú;5511966660003;')
      expect(lines.filter((l) => l !== '')).toHaveLength(rows.body.length + 1)
      expect((await fetch(`${t.url}${apiPath('contactExportCsv')}`)).status).toBe(401)
    })

    it('deletes every contact with their tickets, messages and extra info, for admins only', async () => {
      await sim.inbound({ from: '5511955550001', name: 'Writer One', body: 'Hello', isGroup: false, mediaType: 'chat' })
      const second = await sim.inbound({
        from: '5511955550002',
        name: 'Writer Two',
        body: 'Hi',
        isGroup: false,
        mediaType: 'chat',
      })
      // A resolved ticket goes too, but it is no card on the board.
      await t.server.db.updateTable('tickets').set({ status: 'closed' }).where('id', '=', second.ticketId).execute()
      await sim.inbound({
        from: '5511955550003',
        name: 'Member',
        body: 'In a group',
        isGroup: true,
        groupId: '120363000001',
        mediaType: 'chat',
      })
      const count = async () => {
        const db = t.server.db
        const n = async (table: 'contacts' | 'tickets' | 'messages' | 'contact_extra_info') =>
          Number(
            (
              await db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          )
        return {
          contacts: await n('contacts'),
          tickets: await n('tickets'),
          messages: await n('messages'),
          extraInfo: await n('contact_extra_info'),
        }
      }
      // On SQLite, the messages so far in the search index (as the indexer would put them a moment later).
      if (driver === 'sqlite') await indexMessageTail(t.server.db)
      const before = await count()
      expect(before.tickets).toBeGreaterThan(2)
      const onBoard = Number(
        (
          await t.server.db
            .selectFrom('tickets')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('status', '!=', 'closed')
            .executeTakeFirstOrThrow()
        ).n,
      )
      expect(before.tickets).toBeGreaterThanOrEqual(3)
      expect(before.extraInfo).toBeGreaterThan(0)

      const refused = await agent.call('contactDeleteAll', { body: {} })
      expect(refused.status).toBe(403)
      expect(refused.body.error).toBe('ERR_NO_PERMISSION')
      expect(await count()).toEqual(before)

      const heard = listen(await notificationSocket(t, agent.token))
      const done = await admin.call('contactDeleteAll', { body: { token: 'ignored' } })
      expect(done.status).toBe(200)
      expect(done.body).toEqual({
        contacts: before.contacts,
        tickets: before.tickets,
        messages: before.messages,
        cards: onBoard,
      })
      expect(await count()).toEqual({ contacts: 0, tickets: 0, messages: 0, extraInfo: 0 })
      await heard.until((name, p) => name === 'ticket' && (p as { action: string }).action === 'delete')
      await heard.until((name, p) => name === 'contact' && (p as { action: string }).action === 'delete')

      // The desk keeps working: a customer who writes again gets a fresh contact and ticket.
      const again = await sim.inbound({ from: '5511955550001', body: 'Back', isGroup: false, mediaType: 'chat' })
      expect(again.ticketId).toEqual(expect.any(Number))
      // Search agrees with what is stored: the old messages gone from its index, the new one found.
      if (driver === 'sqlite') {
        // Once the new message is indexed too, the index holds exactly the stored messages (else SQLite refuses).
        await indexMessageTail(t.server.db)
        await checkMessageIndex(t.server.db)
      }
      const search = async (text: string) =>
        (await admin.call('ticketList', { query: { searchParam: text, showAll: true } })).body.tickets.map((x) => x.id)
      expect(await search('Hello')).toEqual([])
      expect(await search('Back')).toEqual([again.ticketId])
    })

    it('lets only admins delete one contact, and answers unknown ids with ERR_NO_CONTACT_FOUND', async () => {
      const made = await agent.call('contactCreate', { body: { name: 'Delete me', number: '5511944440001' } })
      const refused = await agent.call('contactDelete', { params: { id: made.body.id } })
      expect(refused.status).toBe(403)
      expect(refused.body.error).toBe('ERR_NO_PERMISSION')
      expect((await admin.call('contactDelete', { params: { id: made.body.id } })).status).toBe(204)
      const gone = await admin.call('contactDelete', { params: { id: made.body.id } })
      expect(gone.status).toBe(404)
      expect(gone.body.error).toBe('ERR_NO_CONTACT_FOUND')
    })
  })
}
