import { beforeEach, describe, expect, it, vi } from 'vitest'
import { en, type MessageId } from './en'

/** The module keeps which tables wait for the app's keys: each test starts from a fresh one. */
let positional: typeof import('./positional')
beforeEach(async () => {
  vi.resetModules()
  positional = await import('./positional')
})

const [first, second] = Object.keys(en) as MessageId[]
const APP_KEYS = ['tickets.list', 'nav.tickets']

describe('a language table shipped as values in the order of the English keys', () => {
  it('reads its /login messages at once, and its app messages once the app registers their keys', () => {
    const table = positional.tableOf(['Uno', 'Dos'], ['Lista', 'Atenciones'])
    const shown: Record<string, unknown> = { ...en, ...table }
    positional.followAppPart(table, shown)
    expect(shown[first]).toBe('Uno')
    expect(shown[second]).toBe('Dos')
    expect(shown['nav.tickets']).toBe(en['nav.tickets'])

    positional.placeAppMessages(APP_KEYS)
    expect(shown['tickets.list']).toBe('Lista')
    expect(shown['nav.tickets']).toBe('Atenciones')
  })

  it('places the app messages at once when the app is already there, and leaves English where one is missing', () => {
    positional.placeAppMessages(APP_KEYS)
    const table = positional.tableOf([null, 'Dos'], ['Lista', null])
    expect(table).toEqual({ [second]: 'Dos', 'tickets.list': 'Lista' })
    expect({ ...en, ...table }[first]).toBe(en[first])
  })
})
