import { describe, expect, it } from 'vitest'
import type { UserListResponse } from '../src/contract'
import { applySettingToList, applyUserEventToPages } from '../src/hooks'
import { fixtures } from '../src/mocks'

const [a, b, c] = fixtures.users
const pages: UserListResponse[] = [
  { users: [a, b], hasMore: true },
  { users: [c], hasMore: false },
]

describe('live user events on a loaded list', () => {
  it('replace an updated user in place', () => {
    const renamed = { ...c, name: 'Renamed' }
    const next = applyUserEventToPages(pages, { action: 'update', user: renamed }, '')
    expect(next?.flatMap((p) => p.users.map((u) => u.name))).toEqual([a.name, b.name, 'Renamed'])
  })

  it('insert a created user at the top, once', () => {
    const eva = { ...c, id: 99, name: 'Eva' }
    const once = applyUserEventToPages(pages, { action: 'create', user: eva }, '')
    const twice = applyUserEventToPages(once, { action: 'create', user: eva }, '')
    expect(twice?.flatMap((p) => p.users.map((u) => u.id))).toEqual([99, a.id, b.id, c.id])
  })

  it('leave out a created user that does not match the search', () => {
    const eva = { ...c, id: 99, name: 'Eva', email: 'eva@x.test' }
    expect(applyUserEventToPages(pages, { action: 'create', user: eva }, 'bruno')).toEqual(pages)
  })

  it('remove a deleted user by id', () => {
    const next = applyUserEventToPages(pages, { action: 'delete', userId: b.id }, '')
    expect(next?.flatMap((p) => p.users.map((u) => u.id))).toEqual([a.id, c.id])
  })
})

describe('live settings events', () => {
  it('replace the setting by key', () => {
    const next = applySettingToList(fixtures.settings, { key: 'userCreation', value: 'disabled' })
    expect(next?.find((s) => s.key === 'userCreation')?.value).toBe('disabled')
    expect(next).toHaveLength(fixtures.settings.length)
  })
})
