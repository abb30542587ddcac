import { describe, expect, it } from 'vitest'
import { APP_PAGES, menuFor, withChatBadge } from '../src/pages/pageTable'

const hrefs = (isAdmin: boolean) => menuFor(isAdmin).flatMap((s) => s.items.map((i) => i.href))
/** Whether a route pattern (`/tickets/:ticketId?`) takes an address, as the router does. */
const takes = (pattern: string, href: string) =>
  new RegExp(`^${pattern.replace(/\/:\w+\?/g, '(?:/[^/]+)?').replace(/:\w+/g, '[^/]+')}$`, 'i').test(href)

describe('the page table', () => {
  it('gives agents the main and outreach menus, administrators the administration too', () => {
    expect(menuFor(false).map((s) => s.heading)).toEqual([undefined, 'nav.outreach'])
    expect(menuFor(true).map((s) => s.heading)).toEqual([undefined, 'nav.outreach', 'nav.administration'])
    expect(hrefs(false)).not.toContain('/users')
    expect(hrefs(true)).toEqual(expect.arrayContaining(['/users', '/queues', '/tags', '/settings', '/mail', '/bots']))
  })

  it('keeps the menu in the order people know, with the seed’s addresses for outreach and the kanban', () => {
    expect(hrefs(false)).toEqual([
      '/',
      '/tickets',
      '/ZDGKanban',
      '/ZDGChatInterno',
      '/ZDGChatbot',
      '/connections',
      '/contacts',
      '/quickAnswers',
      '/ZDG',
      '/ZDGMedia',
      '/ZDGMedia2',
      '/ZDGMedia3',
      '/ZDGGroups',
      '/SMS',
      '/VoiceCall',
      '/InstaDirect',
      '/ZDGAgendamento',
      '/ZDGHistorico',
      '/jobs',
    ])
  })

  it('leads every menu entry to a page of the table that its viewer may open', () => {
    for (const isAdmin of [false, true]) {
      for (const href of hrefs(isAdmin)) {
        const page = APP_PAGES.find((p) => takes(p.path, href))
        expect(page, href).toBeDefined()
        if (!isAdmin) expect(page?.role, href).toBe('user')
      }
    }
  })

  it('marks only Connections for the connections alert, and shows Outreach beside its pages in the palette', () => {
    const items = menuFor(true).flatMap((s) => s.items)
    expect(items.filter((i) => i.showsConnectionsAlert).map((i) => i.href)).toEqual(['/connections'])
    expect(menuFor(false)[1]?.paletteDetail).toBe('nav.outreach')
  })

  it("counts the team chat's unread messages beside its entry only", () => {
    const items = withChatBadge(menuFor(false), 4).flatMap((s) => s.items)
    expect(items.filter((i) => i.badge).map((i) => [i.href, i.badge])).toEqual([['/ZDGChatInterno', 4]])
    expect(
      withChatBadge(menuFor(false), 0)
        .flatMap((s) => s.items)
        .some((i) => i.badge),
    ).toBe(false)
  })
})
