import type { Message } from '@desk/api-client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/** A tab's session storage, as the browser keeps it across a reload. */
function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

/** The store as a fresh page load finds it. */
const load = async () => {
  vi.resetModules()
  return import('../src/lib/drafts')
}

const quoted = { id: 41, body: 'Is my order on its way?', fromMe: false } as Message

describe('ticket drafts', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', memoryStorage())
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('keeps text, reply and files per ticket; the list line is the text, else the file names', async () => {
    const drafts = await load()
    drafts.updateDraft(1, { text: 'Checking with the warehouse ', replyTo: quoted })
    drafts.updateDraft(2, { files: [new File(['x'], 'receipt.png'), new File(['y'], 'invoice.pdf')] })
    drafts.updateDraft(3, { replyTo: quoted })
    expect(drafts.draftPreviews()).toEqual({
      1: 'Checking with the warehouse',
      2: 'receipt.png, invoice.pdf',
      3: '',
    })
    // Files stay in memory: session storage holds the text and the reply only.
    expect(JSON.parse(sessionStorage.getItem('ticketDrafts') ?? '{}')).toEqual({
      1: { text: 'Checking with the warehouse ', replyTo: quoted },
      3: { text: '', replyTo: quoted },
    })
  })

  it('brings back text and reply after a reload, without the files', async () => {
    const before = await load()
    before.updateDraft(1, { text: 'Half written', replyTo: quoted, files: [new File(['x'], 'a.pdf')] })
    before.updateDraft(2, { files: [new File(['x'], 'b.pdf')] })
    const after = await load()
    expect(after.draftPreviews()).toEqual({ 1: 'Half written' })
  })

  it('drops a draft once sent or emptied, and every draft on sign-out', async () => {
    const drafts = await load()
    drafts.updateDraft(1, { text: 'Sent soon', replyTo: quoted })
    drafts.updateDraft(2, { text: 'x' })
    drafts.clearDraft(1)
    drafts.updateDraft(2, { text: '' })
    expect(drafts.draftPreviews()).toEqual({})
    expect(JSON.parse(sessionStorage.getItem('ticketDrafts') ?? '{}')).toEqual({})
    drafts.updateDraft(3, { text: 'left behind' })
    drafts.clearAllDrafts()
    expect(sessionStorage.getItem('ticketDrafts')).toBeNull()
  })

  it('ignores unreadable storage', async () => {
    sessionStorage.setItem('ticketDrafts', '{not json')
    const drafts = await load()
    expect(drafts.draftPreviews()).toEqual({})
    drafts.updateDraft(5, { text: 'fresh' })
    expect(drafts.draftPreviews()).toEqual({ 5: 'fresh' })
  })
})
