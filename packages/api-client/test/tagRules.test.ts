import { describe, expect, it } from 'vitest'
import type { Tag, Ticket, TicketListResponse } from '../src/contract'
import { applyContactTagsToPages, applyTagToCatalogue, applyTagToPages, ticketMatches } from '../src/hooks'
import { fixtures } from '../src/mocks'

const vip: Tag = { id: 1, tag: 'VIP', color: '#ffaa00' }
const late: Tag = { id: 2, tag: 'Late payer', color: '#d32f2f' }
const ticket = (over: Partial<Ticket> = {}): Ticket => ({ ...fixtures.tickets[0], ...over })
const pages = (tickets: Ticket[]): TicketListResponse[] => [{ tickets, hasMore: false, count: tickets.length }]

describe('tag rules', () => {
  it('keeps the catalogue by name through create, rename and delete', () => {
    const created = applyTagToCatalogue([vip], { action: 'create', tag: late })
    expect(created?.map((t) => t.tag)).toEqual(['Late payer', 'VIP'])
    const renamed = applyTagToCatalogue(created, { action: 'update', tag: { ...vip, tag: 'Alpha' } })
    expect(renamed?.map((t) => t.tag)).toEqual(['Alpha', 'Late payer'])
    expect(applyTagToCatalogue(renamed, { action: 'delete', tagId: 2 })?.map((t) => t.id)).toEqual([1])
  })

  it("puts a contact's new tags on their tickets, and recolours or drops catalogue changes", () => {
    const a = ticket({ id: 10, contactId: 5, tags: [] })
    const b = ticket({ id: 11, contactId: 6, tags: [vip] })
    const set = applyContactTagsToPages(pages([a, b]), { action: 'update', contactId: 5, tags: [late, vip] }, {})
    expect(set?.[0]?.tickets.map((t) => t.tags?.map((x) => x.tag))).toEqual([['Late payer', 'VIP'], ['VIP']])
    const recoloured = applyTagToPages(set, { action: 'update', tag: { ...vip, color: '#000000' } })
    expect(recoloured?.[0]?.tickets[1]?.tags).toEqual([{ ...vip, color: '#000000' }])
    const deleted = applyTagToPages(recoloured, { action: 'delete', tagId: 1 })
    expect(deleted?.[0]?.tickets.map((t) => t.tags?.map((x) => x.tag))).toEqual([['Late payer'], []])
  })

  it('drops from a list filtered by tag the tickets whose contact lost it', () => {
    const a = ticket({ id: 10, contactId: 5, tags: [vip] })
    const next = applyContactTagsToPages(pages([a]), { action: 'update', contactId: 5, tags: [late] }, { tagIds: [1] })
    expect(next?.[0]).toMatchObject({ tickets: [], count: 0 })
    expect(ticketMatches(ticket({ userId: fixtures.admin.id, tags: [late] }), { tagIds: [1] }, fixtures.admin)).toBe(
      false,
    )
    expect(ticketMatches(ticket({ userId: fixtures.admin.id, tags: [vip] }), { tagIds: [1] }, fixtures.admin)).toBe(
      true,
    )
  })
})
