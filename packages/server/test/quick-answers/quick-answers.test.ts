import type { QuickAnswerEvent } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listen } from '../support/desk'
import { drivers } from '../support/drivers'
import { type Client, startWithAgent, type TestServer } from '../support/server'

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`quick answers (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let agent: Client

    beforeAll(async () => {
      ;({ t, admin, agent } = await startWithAgent(driver))
    })
    afterAll(() => t?.close())

    it('lets any agent create, read, edit and delete them, live for everyone signed in', async () => {
      const heard = listen(await t.socket(admin.token))
      const created = await agent.call('quickAnswerCreate', {
        body: {
          shortcut: 'hello',
          message: 'Hello {{name}}, how can I help?',
        },
      })
      expect(created.status).toBe(200)
      expect(created.body).toMatchObject({ shortcut: 'hello', message: 'Hello {{name}}, how can I help?' })
      const id = created.body.id
      await heard.until((name, p) => name === 'quickAnswer' && (p as QuickAnswerEvent).action === 'create')

      expect((await admin.call('quickAnswerGet', { params: { id } })).body.shortcut).toBe('hello')
      const edited = await agent.call('quickAnswerUpdate', {
        params: { id },
        body: { message: 'Hi {{name}}, good {{ms}}!' },
      })
      expect(edited.body).toMatchObject({ shortcut: 'hello', message: 'Hi {{name}}, good {{ms}}!' })
      const update = await heard.until<QuickAnswerEvent>(
        (name, p) => name === 'quickAnswer' && (p as QuickAnswerEvent).action === 'update',
      )
      expect(update).toMatchObject({ quickAnswer: { id, message: 'Hi {{name}}, good {{ms}}!' } })

      expect((await agent.call('quickAnswerDelete', { params: { id } })).status).toBe(204)
      const removed = await heard.until<QuickAnswerEvent>(
        (name, p) => name === 'quickAnswer' && (p as QuickAnswerEvent).action === 'delete',
      )
      expect(removed).toEqual({ action: 'delete', quickAnswerId: id })
      const gone = await agent.call('quickAnswerGet', { params: { id } })
      expect(gone.status).toBe(404)
      expect(gone.body.error).toBe('ERR_NOT_FOUND')
      expect((await agent.call('quickAnswerDelete', { params: { id } })).status).toBe(404)
      expect((await agent.call('quickAnswerUpdate', { params: { id }, body: { message: 'Nobody home' } })).status).toBe(
        404,
      )
    })

    it('keeps shortcuts unique (ignoring case) and enforces the lengths', async () => {
      await agent.call('quickAnswerCreate', { body: { shortcut: 'price', message: 'Our prices are on the site.' } })
      const dup = await agent.call('quickAnswerCreate', { body: { shortcut: 'PRICE', message: 'Another text here' } })
      expect(dup.status).toBe(400)
      expect(dup.body.fields?.[0]?.path).toBe('shortcut')
      expect(dup.body.fields?.[0]?.message).toBe('validation.taken')

      const bad: Array<[Record<string, unknown>, string]> = [
        [{ shortcut: 'p', message: 'Long enough text' }, 'shortcut'],
        [{ shortcut: 'x'.repeat(51), message: 'Long enough text' }, 'shortcut'],
        [{ shortcut: 'short', message: 'Seven!!' }, 'message'],
        [{ shortcut: 'huge', message: 'x'.repeat(30_001) }, 'message'],
        [{ message: 'No shortcut at all' }, 'shortcut'],
      ]
      for (const [body, field] of bad) {
        const res = await agent.call('quickAnswerCreate', { body })
        expect(res.status, field).toBe(400)
        expect(res.body.fields?.map((f) => f.path)).toContain(field)
      }
      const longest = await agent.call('quickAnswerCreate', {
        body: {
          shortcut: 'huge',
          message: 'x'.repeat(30_000),
        },
      })
      expect(longest.status).toBe(200)
      expect(longest.body.message).toHaveLength(30_000)
    })

    it('stores a shortcut typed with its leading slash without it, as the form does', async () => {
      const made = await agent.call('quickAnswerCreate', {
        body: {
          shortcut: ' /welcome',
          message: 'Welcome to the desk!',
        },
      })
      expect(made.status).toBe(200)
      expect(made.body.shortcut).toBe('welcome')
      const edited = await agent.call('quickAnswerUpdate', {
        params: { id: made.body.id },
        body: { shortcut: '//welcome-back' },
      })
      expect(edited.body.shortcut).toBe('welcome-back')
      expect((await agent.call('quickAnswerGet', { params: { id: made.body.id } })).body.shortcut).toBe('welcome-back')

      // The same shortcut with a slash is the same shortcut; the slash does not count towards the length.
      const taken = await agent.call('quickAnswerCreate', {
        body: {
          shortcut: '/Welcome-Back',
          message: 'Another one here',
        },
      })
      expect(taken.body.fields).toEqual([{ path: 'shortcut', message: 'validation.taken' }])
      const short = await agent.call('quickAnswerCreate', { body: { shortcut: '/w', message: 'Long enough text' } })
      expect(short.body.fields).toEqual([{ path: 'shortcut', message: 'validation.tooShort' }])
      const bare = await agent.call('quickAnswerCreate', { body: { shortcut: '/', message: 'Long enough text' } })
      expect(bare.body.fields?.[0]).toEqual({ path: 'shortcut', message: 'validation.required' })
    })

    it('pages by 20 and searches shortcut and message, shortcuts starting with the text first', async () => {
      for (let i = 0; i < 25; i++) {
        const n = String(i).padStart(2, '0')
        await t.server.services.quickAnswers.create({ shortcut: `bulk${n}`, message: `Bulk answer number ${n}` })
      }
      await t.server.services.quickAnswers.create({ shortcut: 'thanks', message: 'Thanks for the bulk order!' })
      const first = await agent.call('quickAnswerList', { query: { searchParam: 'bulk' } })
      expect(first.body.quickAnswers).toHaveLength(20)
      expect(first.body.hasMore).toBe(true)
      expect(first.body.quickAnswers[0]?.shortcut).toBe('bulk00')
      const second = await agent.call('quickAnswerList', { query: { searchParam: 'bulk', pageNumber: 2 } })
      expect(second.body.quickAnswers.map((q) => q.shortcut)).toEqual([
        'bulk20',
        'bulk21',
        'bulk22',
        'bulk23',
        'bulk24',
        'thanks',
      ])
      expect(second.body.hasMore).toBe(false)
      const none = await agent.call('quickAnswerList', { query: { searchParam: '%' } })
      expect(none.body.quickAnswers).toEqual([])
      expect((await agent.call('quickAnswerList', { query: { pageNumber: 0 } })).status).toBe(400)
    })
  })
}
