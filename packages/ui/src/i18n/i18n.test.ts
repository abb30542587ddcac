import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { createIntl } from 'react-intl'
import { describe, expect, it } from 'vitest'
import { en } from './en'
import { messages, messagesFor } from './index'

/** The contract's error list, read as text: ui depends on the contract's wording, not on its code. */
const contractErrors = readFileSync(resolve(import.meta.dirname, '../../../api-client/src/contract/errors.ts'), 'utf8')
const ERROR_CODES = [...contractErrors.matchAll(/^\s+'(ERR_[A-Z_]+)',$/gm)].map((m) => m[1])

/** A value for every placeholder the messages use, so formatting reports only real mistakes. */
const VALUES = {
  count: 2,
  name: 'Ana',
  names: 'VIP, Refund',
  added: 2,
  skipped: 1,
  id: 7,
  ids: '1, 3',
  time: '10:30',
  date: '15/01/2026',
  day: 'tomorrow',
  email: 'ana@example.com',
  message: 'Network down',
  sent: 1,
  total: 2,
  size: '12 kB',
  label: 'Sent',
  // Kanban
  lane: 'New',
  reason: 'Network down',
  title: 'New',
  status: 200,
  // Outreach: a number the Brazilian rule changes
  typed: '5531991234567',
  number: '553191234567',
  ms: 84,
  // Transfer toasts, unnamed groups
  user: 'Bruno',
  queue: 'Sales',
  short: '5486',
  // Groups: a new subject, and the people a private message reaches
  subject: 'Clientes VIP',
  people: 312,
  // Telephony: an SMS's segments, a sender, a credentials test, a call's length
  encoding: 'GSM-7',
  segments: 4,
  characters: 161,
  remaining: 145,
  from: '+14155550100',
  sender: 'US line (+14155550100)',
  hint: '••••c0de',
  account: 'LimeDesk',
  code: '20003',
  seconds: 42,
  // Instagram: the webhook's path, the names a direct job can reach
  path: '/webhooks/instagram/7',
  reachable: 1,
  // Team chat and mentions: a channel, a ticket and its contact
  channel: 'Sales',
  ticket: 1234,
  contact: 'Maria Souza',
  // Message templates: a pasted column, a template's category
  n: 2,
  category: 'MARKETING',
}

describe('locale messages', () => {
  const enKeys = Object.keys(en).sort()

  it.each(Object.entries(messages))('%s has exactly the English keys', (_locale, table) => {
    expect(Object.keys(table).sort()).toEqual(enKeys)
  })

  it.each(Object.entries(messages))('%s has no empty or untrimmed message', (_locale, table) => {
    const bad = Object.entries(table).filter(([, text]) => text.trim() === '' || text !== text.trim())
    expect(bad).toEqual([])
  })

  it.each(Object.entries(messages))('%s messages all parse as ICU messages', (locale, table) => {
    const errors: string[] = []
    const intl = createIntl({ locale, messages: table, onError: (e) => errors.push(e.message) })
    for (const key of Object.keys(table)) {
      intl.formatMessage({ id: key }, VALUES)
    }
    expect(errors).toEqual([])
  })

  it('reports a contact import with plural forms in every language', () => {
    const report = (locale: keyof typeof messages, added: number, skipped: number) =>
      createIntl({ locale, messages: messages[locale] }).formatMessage({ id: 'contacts.imported' }, { added, skipped })
    expect(report('en', 12, 3)).toBe('12 contacts added, 3 skipped')
    expect(report('en', 1, 0)).toBe('1 contact added')
    expect(report('en', 0, 1)).toBe('No new contacts, 1 skipped')
    expect(report('pt-BR', 1, 1)).toBe('1 contato adicionado, 1 ignorado')
    expect(report('pt-BR', 12, 3)).toBe('12 contatos adicionados, 3 ignorados')
    expect(report('es', 12, 0)).toBe('12 contactos añadidos')
    expect(report('es', 0, 3)).toBe('Ningún contacto nuevo, 3 omitidos')
  })

  it('keeps the seed wording for validation and the unknown error in English', () => {
    expect(en['validation.required']).toBe('Required')
    expect(en['validation.tooShort']).toBe('Too Short!')
    expect(en['validation.tooLong']).toBe('Too Long!')
    expect(en['validation.invalidEmail']).toBe('Invalid email')
    expect(en['errors.unknown']).toBe('An error occurred!')
    expect(en['toasts.loginSuccess']).toBe('Login successfully!')
  })

  it('translates every error code of the contract', () => {
    expect(ERROR_CODES.length).toBeGreaterThan(25)
    const missing = ERROR_CODES.filter((code) => !(`errors.${code}` in en))
    expect(missing).toEqual([])
    const untranslated = ERROR_CODES.filter((code) => {
      const key = `errors.${code}` as keyof typeof en
      return messages['pt-BR'][key] === en[key] || messages.es[key] === en[key]
    })
    expect(untranslated).toEqual([])
  })

  it('falls back to English for an unknown locale and maps pt variants to pt-BR', () => {
    expect(messagesFor('fr')['users.title']).toBe('Users')
    expect(messagesFor('pt')['users.title']).toBe('Usuários')
    expect(messagesFor('es-AR')['users.title']).toBe('Usuarios')
  })
})
