import type { Tag } from '@desk/api-client'
import type { Executor } from '../../db'
import { tagsOfContacts } from '../tags/repository'

/** The tags each card shows: its contact's, by contact id, in one query for the whole board. */
export const cardTagsOf = (db: Executor, contactIds: readonly number[]): Promise<Map<number, Tag[]>> =>
  tagsOfContacts(db, contactIds)
