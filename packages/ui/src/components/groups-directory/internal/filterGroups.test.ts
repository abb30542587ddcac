import { describe, expect, test } from 'vitest'
import { type DirectoryGroup, filterGroups, toggleShown } from './filterGroups'

const group = (id: string, name: string): DirectoryGroup => ({
  id,
  name,
  participants: 3,
  isAdmin: true,
  announce: false,
})
const groups = [group('1', 'Clientes São Paulo'), group('2', 'Wholesale'), group('3', 'Promoções')]

describe('filterGroups', () => {
  test('matches the name without accents or case, and the id', () => {
    expect(filterGroups(groups, ' sao ').map((g) => g.id)).toEqual(['1'])
    expect(filterGroups(groups, 'PROMOCOES').map((g) => g.id)).toEqual(['3'])
    expect(filterGroups(groups, '2').map((g) => g.id)).toEqual(['2'])
    expect(filterGroups(groups, '')).toBe(groups)
  })
})

describe('toggleShown', () => {
  test('selects every shown group, keeping those chosen out of view', () => {
    expect(toggleShown(['9', '1'], groups.slice(0, 2))).toEqual(['9', '1', '2'])
  })
  test('clears the shown groups when all are on, and only those', () => {
    expect(toggleShown(['9', '1', '2'], groups.slice(0, 2))).toEqual(['9'])
  })
  test('does nothing over an empty list', () => {
    expect(toggleShown(['9'], [])).toEqual(['9'])
  })
})
