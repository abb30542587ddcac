import { type Db, nowIso } from '../../db'
import type { Publisher } from '../../realtime/publisher'
import { toContact } from '../contacts/service'

/** An unnamed group is asked about again after this long, should the network not have said. */
const ASK_AGAIN_MS = 24 * 60 * 60 * 1000

export interface GroupNamesDeps {
  db: Db
  publisher: Publisher
  /** The group's name as the connection's network knows it (null: unknown). */
  groupName?: (connectionId: number, groupId: string) => Promise<string | null>
  log?: (error: unknown, message: string) => void
}

/**
 * Names a group contact that arrived without a name (its name is its id): one process claims the
 * question in the database (`groupNameAskedAt`), asks the driver, and stores the answer while the
 * contact is still unnamed, then tells the desk. Never awaited by the intake; errors are logged.
 */
export const createGroupNames = ({ db, publisher, groupName, log }: GroupNamesDeps) => {
  // Groups this process has seen named: nothing to ask (an optimisation; the database decides).
  const named = new Set<number>()

  const fill = async (connectionId: number, contactId: number, groupId: string) => {
    if (!groupName || named.has(contactId)) return
    const now = nowIso()
    const claimed = await db
      .updateTable('contacts')
      .set({ groupNameAskedAt: now })
      .where('id', '=', contactId)
      .where('isGroup', '=', 1)
      .where((eb) => eb('name', '=', eb.ref('number')))
      .where((eb) =>
        eb.or([
          eb('groupNameAskedAt', 'is', null),
          eb('groupNameAskedAt', '<', new Date(Date.now() - ASK_AGAIN_MS).toISOString()),
        ]),
      )
      .executeTakeFirst()
    if (Number(claimed.numUpdatedRows) !== 1) {
      named.add(contactId)
      return
    }
    const name = (await groupName(connectionId, groupId))?.trim()
    if (!name) return
    const row = await db
      .updateTable('contacts')
      .set({ name, updatedAt: nowIso() })
      .where('id', '=', contactId)
      .where((eb) => eb('name', '=', eb.ref('number')))
      .returningAll()
      .executeTakeFirst()
    named.add(contactId)
    if (row) publisher.contact({ action: 'update', contact: toContact(row) })
  }

  return {
    /** Starts naming the group in the background. */
    ask(connectionId: number, contactId: number, groupId: string) {
      void fill(connectionId, contactId, groupId).catch((error) =>
        log?.(error, `group ${groupId}: its name could not be asked`),
      )
    },
  }
}
