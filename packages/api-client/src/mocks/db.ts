import type { Setting, User } from '../contract'
import { fixtures, MOCK_PASSWORD } from './fixtures'

/** The in-memory state behind the mock handlers; each story or test may make its own. */
export interface MockDb {
  users: User[]
  passwords: Map<number, string>
  settings: Setting[]
  /** Who the refresh cookie belongs to; `null` when signed out. */
  sessionUserId: number | null
  nextId: number
  reset(): void
}

export interface MockDbSeed {
  users?: User[]
  settings?: Setting[]
  sessionUserId?: number | null
}

export function createMockDb(seed: MockDbSeed = {}): MockDb {
  const initial = () => {
    const users = structuredClone(seed.users ?? fixtures.users)
    return {
      users,
      passwords: new Map(users.map((u) => [u.id, MOCK_PASSWORD])),
      settings: structuredClone(seed.settings ?? fixtures.settings),
      sessionUserId: seed.sessionUserId === undefined ? fixtures.admin.id : seed.sessionUserId,
      nextId: Math.max(0, ...users.map((u) => u.id)) + 1,
    }
  }
  const db: MockDb = {
    ...initial(),
    reset() {
      Object.assign(db, initial())
    },
  }
  return db
}
