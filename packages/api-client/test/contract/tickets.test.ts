import { describe, expect, it } from 'vitest'
import {
  describeTicketUpdate,
  TicketCreateRequest,
  TicketListQuery,
  TicketUpdateRequest,
  toSearchParams,
} from '../../src/contract'
import { fieldErrors } from './issues'

/** What the server sees: a query string parsed into strings. */
const query = (qs: string) => Object.fromEntries(new URLSearchParams(qs))

describe('TicketListQuery', () => {
  it('coerces the query string into typed filters', () => {
    expect(
      TicketListQuery.parse(
        query(
          'searchParam=ana&pageNumber=2&status=open&date=2025-03-01&showAll=true&queueIds=[1,2,2]&withUnreadMessages=false&tagIds=[3]',
        ),
      ),
    ).toEqual({
      searchParam: 'ana',
      pageNumber: 2,
      status: 'open',
      date: { day: '2025-03-01', start: '2025-03-01T00:00:00.000Z', end: '2025-03-02T00:00:00.000Z' },
      showAll: true,
      queueIds: [1, 2],
      withUnreadMessages: false,
      tagIds: [3],
    })
  })

  it('defaults to page 1 of everything the caller may see', () => {
    expect(TicketListQuery.parse({})).toEqual({
      searchParam: '',
      pageNumber: 1,
      showAll: false,
      queueIds: [],
      withUnreadMessages: false,
      tagIds: [],
    })
    expect(TicketListQuery.parse(query('queueIds=')).queueIds).toEqual([])
  })

  it.each([
    ['not json', 'queueIds=[1,'],
    ['an object', 'queueIds={"a":1}'],
    ['a comma list', 'queueIds=1,2'],
    ['negative ids', 'queueIds=[-1]'],
    ['fractions', 'queueIds=[1.5]'],
    ['a bare number', 'queueIds=3'],
  ])('refuses queueIds given as %s with validation.invalid', (_, qs) => {
    expect(fieldErrors(TicketListQuery, query(qs))).toEqual({ queueIds: 'validation.invalid' })
  })

  it('accepts numeric strings inside the JSON array', () => {
    expect(TicketListQuery.parse(query('queueIds=["4","5"]')).queueIds).toEqual([4, 5])
  })

  it('accepts true/false and 1/0 for flags, refuses other words', () => {
    expect(TicketListQuery.parse(query('showAll=1&withUnreadMessages=0&isGroup=false'))).toMatchObject({
      showAll: true,
      withUnreadMessages: false,
      isGroup: false,
    })
    expect(fieldErrors(TicketListQuery, query('showAll=yes'))).toEqual({ showAll: 'validation.invalid' })
    expect(fieldErrors(TicketListQuery, query('withUnreadMessages=2'))).toEqual({
      withUnreadMessages: 'validation.invalid',
    })
  })

  it("reads date as a calendar day, from a plain day or a full date-time in the value's own offset", () => {
    const day = (qs: string) => TicketListQuery.parse(query(qs)).date
    // The seed's dashboard sends `new Date().toISOString()`: the UTC day.
    expect(day('date=2026-11-24T07:18:39.967Z')).toEqual({
      day: '2026-11-24',
      start: '2026-11-24T00:00:00.000Z',
      end: '2026-11-25T00:00:00.000Z',
    })
    expect(day('date=2026-11-24T23:59:59Z')?.day).toBe('2026-11-24')
    expect(day('date=2026-11-24T07:18:39')?.start).toBe('2026-11-24T00:00:00.000Z')
    expect(day(`date=${encodeURIComponent('2026-11-24T01:00:00+02:00')}`)).toEqual({
      day: '2026-11-24',
      start: '2026-11-23T22:00:00.000Z',
      end: '2026-11-24T22:00:00.000Z',
    })
    expect(day('date=2026-11-24T20:00:00-0300')?.start).toBe('2026-11-24T03:00:00.000Z')
    for (const bad of ['2026-11-24T', '2026-02-30T10:00:00Z', '2026-11-24T10:00:00+15:00', '2026-11-24 10:00']) {
      expect(fieldErrors(TicketListQuery, { date: bad }), bad).toEqual({ date: 'validation.invalid' })
    }
  })

  it('accepts only real days for date', () => {
    expect(fieldErrors(TicketListQuery, query('date=2025-02-30'))).toEqual({ date: 'validation.invalid' })
    expect(fieldErrors(TicketListQuery, query('date=01/02/2025'))).toEqual({ date: 'validation.invalid' })
    expect(fieldErrors(TicketListQuery, query('status=archived'))).toEqual({ status: 'validation.invalid' })
    expect(fieldErrors(TicketListQuery, query('pageNumber=0'))).toEqual({ pageNumber: 'validation.invalid' })
  })

  it('round-trips through toSearchParams as the client sends it', () => {
    const params = toSearchParams({ status: 'pending', queueIds: [3, 7], showAll: true, date: undefined })
    expect(params.toString()).toBe('status=pending&queueIds=%5B3%2C7%5D&showAll=true')
    expect(TicketListQuery.parse(Object.fromEntries(params))).toMatchObject({ queueIds: [3, 7], showAll: true })
  })
})

describe('ticket writes', () => {
  it('creates open by default and needs a contact', () => {
    expect(TicketCreateRequest.parse({ contactId: '9', userId: 2 })).toEqual({
      contactId: 9,
      userId: 2,
      status: 'open',
    })
    expect(fieldErrors(TicketCreateRequest, { userId: 2 })).toEqual({ contactId: 'validation.invalid' })
  })

  it('takes every transition and refuses an empty update', () => {
    expect(TicketUpdateRequest.parse({ status: 'pending', userId: null })).toEqual({ status: 'pending', userId: null })
    expect(TicketUpdateRequest.parse({ userId: 3, queueId: 2, whatsappId: 1, status: 'open' })).toEqual({
      userId: 3,
      queueId: 2,
      whatsappId: 1,
      status: 'open',
    })
    expect(fieldErrors(TicketUpdateRequest, {})).toEqual({ '': 'validation.required' })
  })

  it.each([
    ['pending', { status: 'open', userId: 1 }, 'accept'],
    ['pending', { status: 'pending' }, 'view'],
    ['open', { status: 'pending', userId: null }, 'return'],
    ['open', { status: 'closed', userId: 1 }, 'resolve'],
    ['closed', { status: 'open', userId: 1 }, 'reopen'],
    ['open', { queueId: 2, userId: null, status: 'pending' }, 'transfer'],
  ] as const)('names a %s ticket update %j as %s', (from, update, name) => {
    expect(describeTicketUpdate(from, TicketUpdateRequest.parse(update))).toBe(name)
  })
})
