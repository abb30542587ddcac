import { describe, expect, test } from 'vitest'
import { type DirectoryGroup, filterGroups, toggleShown } from './filterGroups'

const group = (id: string, name: string): DirectoryGroup => ({
  id,
  name,
  participants: 3,
  isAdmin: true,
  announcement: false,
})
const groups = [group('1@g.us', 'Clientes São Paulo'), group('2@g.us', 'Wholesale'), group('3@g.us', 'Promoções')]

describe('filterGroups', () => {
  test('matches the name without accents or case, and the id', () => {
    expect(filterGroups(groups, ' sao ').map((g) => g.id)).toEqual(['1@g.us'])
    expect(filterGroups(groups, 'PROMOCOES').map((g) => g.id)).toEqual(['3@g.us'])
    expect(filterGroups(groups, '2@g').map((g) => g.id)).toEqual(['2@g.us'])
    expect(filterGroups(groups, '')).toBe(groups)
  })
})

describe('toggleShown', () => {
  test('selects every shown group, keeping those chosen out of view', () => {
    expect(toggleShown(['9@g.us', '1@g.us'], groups.slice(0, 2))).toEqual(['9@g.us', '1@g.us', '2@g.us'])
  })
  test('clears the shown groups when all are on, and only those', () => {
    expect(toggleShown(['9@g.us', '1@g.us', '2@g.us'], groups.slice(0, 2))).toEqual(['9@g.us'])
  })
  test('does nothing over an empty list', () => {
    expect(toggleShown(['9@g.us'], [])).toEqual(['9@g.us'])
  })
})
