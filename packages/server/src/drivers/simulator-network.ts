import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Ack, SimulatorOutboxEntry } from '@desk/api-client'
import SQLite from 'better-sqlite3'
import type { DeviceContact, HistoryConversation, HistoryMessage } from './types'

/**
 * The simulated network's own memory: what the desk sent (the outbox), each phone's address book,
 * the chats a phone holds for history import, and the groups it is in. It lives in `${dataDir}/simulator/network.sqlite`,
 * apart from the desk's database, so it outlives the desk: a send is committed (WAL,
 * synchronous FULL) before the driver reports it sent, and a crash test can count what reached
 * customers after a SIGKILL. Without a folder it lives in memory (unit tests).
 */
export interface SimulatorNetwork {
  record(connectionId: number, entry: SimulatorOutboxEntry): void
  outbox(connectionId: number, to?: string): SimulatorOutboxEntry[]
  /** Raises a sent message's ack (never lowers it); false when the network never sent it. */
  ack(connectionId: number, providerMessageId: string, ack: Ack): boolean
  setPhoneBook(connectionId: number, contacts: DeviceContact[], unregistered: string[]): void
  addContact(connectionId: number, contact: DeviceContact): void
  phoneBook(connectionId: number): DeviceContact[]
  isUnregistered(connectionId: number, number: string): boolean
  /** Replaces the chats the phone holds (what a history import reads). */
  setHistory(connectionId: number, conversations: HistoryConversation[]): void
  /** How many chats the phone holds (only `contact`'s, when given). */
  historyCount(connectionId: number, contact?: string): number
  /**
   * One page of the phone's chats after the cursor `after` (0 for the first), each with its last `limit`
   * messages, oldest first; `next` is the cursor of the following page, null after the last.
   */
  historyPage(
    connectionId: number,
    page: HistoryPageQuery,
  ): { conversations: HistoryConversation[]; next: number | null }
  /** The phone's groups, oldest first. */
  groups(connectionId: number): SimulatedGroup[]
  /** Stores a group whole (a new one, or one changed). */
  saveGroup(connectionId: number, group: SimulatedGroup): void
  /** Replaces the phone's groups. */
  setGroups(connectionId: number, groups: SimulatedGroup[]): void
  /** Stores `make()`'s groups unless the phone's groups were ever set: the demo's groups, once. */
  seedGroups(connectionId: number, make: () => SimulatedGroup[]): void
  close(): void
}

/** A group of the simulated network: its members (digits), who administers it, its settings. */
export interface SimulatedGroup {
  id: string
  name: string
  description: string | null
  /** Only admins may write. */
  announce: boolean
  inviteCode: string
  members: Array<{ number: string; admin: boolean }>
}

/**
 * How long the network trusts the address-book names it remembers before it asks its file whether another
 * connection (another process) wrote it since (see `addContact`).
 */
export const PHONE_BOOK_TRUST_MS = 100

export interface HistoryPageQuery {
  limit: number
  contact?: string
  after: number
  size: number
}

const SCHEMA = `
create table if not exists outbox (
  seq integer primary key autoincrement,
  connection_id integer not null,
  provider_message_id text not null unique,
  entry text not null,
  recipient text not null,
  ack integer not null
);
create index if not exists outbox_by_connection on outbox (connection_id, recipient);
create table if not exists phone_book (
  connection_id integer not null, number text not null, name text not null,
  primary key (connection_id, number)
);
create table if not exists unregistered (
  connection_id integer not null, number text not null,
  primary key (connection_id, number)
);
create table if not exists history_chats (
  connection_id integer not null, chat text not null, is_group integer not null, name text,
  primary key (connection_id, chat)
);
create table if not exists history_messages (
  seq integer primary key autoincrement,
  connection_id integer not null, chat text not null, message text not null, timestamp integer not null
);
create index if not exists history_by_chat on history_messages (connection_id, chat, timestamp);
create table if not exists groups (
  seq integer primary key autoincrement,
  connection_id integer not null, id text not null, data text not null,
  unique (connection_id, id)
);
create table if not exists group_books (connection_id integer primary key);
`

/** Opens (creating when missing) the network file in `dir`, or a network in memory without one. */
export const openSimulatorNetwork = (dir?: string): SimulatorNetwork => {
  let file = ':memory:'
  if (dir) {
    mkdirSync(dir, { recursive: true })
    file = path.join(dir, 'network.sqlite')
  }
  const db = new SQLite(file)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = FULL')
  db.pragma('busy_timeout = 5000')
  db.exec(SCHEMA)

  const insertEntry = db.prepare(
    'insert into outbox (connection_id, provider_message_id, entry, recipient, ack) values (?, ?, ?, ?, ?)',
  )
  const selectAll = db.prepare('select entry, ack from outbox where connection_id = ? order by seq')
  const selectTo = db.prepare('select entry, ack from outbox where connection_id = ? and recipient = ? order by seq')
  const raiseAck = db.prepare(
    'update outbox set ack = max(ack, ?) where connection_id = ? and provider_message_id = ? returning ack',
  )
  const upsertContact = db.prepare(
    'insert into phone_book (connection_id, number, name) values (?, ?, ?) on conflict do update set name = excluded.name',
  )
  const contactName = db.prepare('select name from phone_book where connection_id = ? and number = ?').pluck()
  const dataVersion = db.prepare('pragma data_version').pluck()
  /**
   * Names this process knows the file to hold, by connection and number. Every message a customer sends names them,
   * and a read of the file for each cost 6–40 µs (its read lock, on a busy machine the most), about 4% of a message.
   * Trusted while no other connection to the file has written it: SQLite's `data_version` moves when one has, and is
   * looked at once every PHONE_BOOK_TRUST_MS at most; within that time a name another process just changed can go
   * unwritten, and comes back with the customer's next message after it.
   */
  const known = new Map<string, string>()
  let version: unknown
  let versionReadAt = Number.NEGATIVE_INFINITY
  const remember = (key: string, name: string) => {
    if (known.size >= 50_000) known.clear()
    known.set(key, name)
  }
  const storedName = (key: string, connectionId: number, number: string): string | undefined => {
    const now = performance.now()
    if (now - versionReadAt >= PHONE_BOOK_TRUST_MS) {
      versionReadAt = now
      const current = dataVersion.get()
      if (current !== version) known.clear()
      version = current
    }
    const cached = known.get(key)
    if (cached !== undefined) return cached
    const name = contactName.get(connectionId, number) as string | undefined
    if (name !== undefined) remember(key, name)
    return name
  }
  /** Address-book changes not written yet (see `addContact`), by connection and number. */
  const unsaved = new Map<string, { connectionId: number; number: string; name: string }>()
  let flushing: NodeJS.Immediate | undefined
  const saveContacts = () => {
    clearImmediate(flushing)
    flushing = undefined
    if (!unsaved.size || !db.open) return
    const changes = [...unsaved.values()]
    unsaved.clear()
    // Without waiting for the disk: a name lost to a power cut comes back with the customer's next
    // message, and the next outbox commit (synchronous FULL) syncs the log with this write in it.
    db.pragma('synchronous = NORMAL')
    try {
      db.transaction(() => {
        for (const c of changes) upsertContact.run(c.connectionId, c.number, c.name)
      })()
      for (const c of changes) remember(`${c.connectionId}:${c.number}`, c.name)
    } finally {
      db.pragma('synchronous = FULL')
    }
  }
  /** The address book is a convenience: a busy network file never costs a customer's message. */
  const saveContactsLater = () => {
    try {
      saveContacts()
    } catch {}
  }
  const toEntry = (row: { entry: string; ack: number }): SimulatorOutboxEntry => ({
    ...(JSON.parse(row.entry) as SimulatorOutboxEntry),
    ack: row.ack as Ack,
  })

  const setPhoneBook = db.transaction((connectionId: number, contacts: DeviceContact[], unregistered: string[]) => {
    saveContacts()
    known.clear()
    db.prepare('delete from phone_book where connection_id = ?').run(connectionId)
    db.prepare('delete from unregistered where connection_id = ?').run(connectionId)
    for (const c of contacts) upsertContact.run(connectionId, c.number, c.name)
    const mark = db.prepare('insert or ignore into unregistered (connection_id, number) values (?, ?)')
    for (const number of unregistered) mark.run(connectionId, number)
  })

  const setHistory = db.transaction((connectionId: number, conversations: HistoryConversation[]) => {
    db.prepare('delete from history_chats where connection_id = ?').run(connectionId)
    db.prepare('delete from history_messages where connection_id = ?').run(connectionId)
    const chat = db.prepare(
      'insert or replace into history_chats (connection_id, chat, is_group, name) values (?, ?, ?, ?)',
    )
    const message = db.prepare(
      'insert into history_messages (connection_id, chat, message, timestamp) values (?, ?, ?, ?)',
    )
    for (const c of conversations) {
      chat.run(connectionId, c.id, c.isGroup ? 1 : 0, c.name ?? null)
      for (const m of c.messages) message.run(connectionId, c.id, JSON.stringify(m), m.timestamp)
    }
  })

  const historyCount = (connectionId: number, contact?: string) =>
    (
      db
        .prepare(`select count(*) as n from history_chats where connection_id = ?${contact ? ' and chat = ?' : ''}`)
        .get(...(contact ? [connectionId, contact] : [connectionId])) as { n: number }
    ).n

  const latest = db.prepare(
    'select message from history_messages where connection_id = ? and chat = ? order by timestamp desc, seq desc limit ?',
  )
  const historyPage = (connectionId: number, { limit, contact, after, size }: HistoryPageQuery) => {
    const chats = db
      .prepare(
        `select rowid as cursor, chat, is_group as isGroup, name from history_chats
         where connection_id = ? and rowid > ?${contact ? ' and chat = ?' : ''} order by rowid limit ?`,
      )
      .all(...(contact ? [connectionId, after, contact, size] : [connectionId, after, size])) as Array<{
      cursor: number
      chat: string
      isGroup: number
      name: string | null
    }>
    const conversations = chats.map((c) => ({
      id: c.chat,
      isGroup: c.isGroup === 1,
      ...(c.name ? { name: c.name } : {}),
      messages: (latest.all(connectionId, c.chat, limit) as Array<{ message: string }>)
        .map((row) => JSON.parse(row.message) as HistoryMessage)
        .reverse(),
    }))
    return { conversations, next: chats.length === size ? (chats.at(-1)?.cursor ?? null) : null }
  }

  const saveGroup = (connectionId: number, group: SimulatedGroup) => {
    db.prepare(
      'insert into groups (connection_id, id, data) values (?, ?, ?) on conflict (connection_id, id) do update set data = excluded.data',
    ).run(connectionId, group.id, JSON.stringify(group))
    db.prepare('insert or ignore into group_books (connection_id) values (?)').run(connectionId)
  }
  const setGroups = db.transaction((connectionId: number, groups: SimulatedGroup[]) => {
    db.prepare('delete from groups where connection_id = ?').run(connectionId)
    db.prepare('insert or ignore into group_books (connection_id) values (?)').run(connectionId)
    for (const group of groups) saveGroup(connectionId, group)
  })
  const seedGroups = db.transaction((connectionId: number, make: () => SimulatedGroup[]) => {
    if (db.prepare('select 1 from group_books where connection_id = ?').get(connectionId)) return
    setGroups(connectionId, make())
  })

  return {
    groups: (connectionId) =>
      (
        db.prepare('select data from groups where connection_id = ? order by seq').all(connectionId) as Array<{
          data: string
        }>
      ).map((row) => JSON.parse(row.data) as SimulatedGroup),
    saveGroup,
    setGroups: (connectionId, groups) => setGroups(connectionId, groups),
    seedGroups: (connectionId, make) => seedGroups(connectionId, make),
    record: (connectionId, entry) => {
      insertEntry.run(connectionId, entry.providerMessageId, JSON.stringify(entry), entry.to, entry.ack)
    },
    outbox: (connectionId, to) =>
      (
        (to ? selectTo.all(connectionId, to) : selectAll.all(connectionId)) as Array<{ entry: string; ack: number }>
      ).map(toEntry),
    ack: (connectionId, providerMessageId, ack) => raiseAck.get(ack, connectionId, providerMessageId) !== undefined,
    setPhoneBook: (connectionId, contacts, unregistered) => setPhoneBook(connectionId, contacts, unregistered),
    addContact: (connectionId, contact) => {
      // Every customer message names its sender: a read tells whether anything changed, and only
      // changes are written, those of one turn of the event loop in one transaction. (A write on
      // each message, synchronous FULL, waited for the disk on the event loop: 0.2 ms a message on
      // a quiet disk, over 200 ms at times on a busy one, while every request and socket waited.)
      const key = `${connectionId}:${contact.number}`
      const held = unsaved.has(key) ? unsaved.get(key)!.name : storedName(key, connectionId, contact.number)
      if (held === contact.name) return
      unsaved.set(key, { connectionId, number: contact.number, name: contact.name })
      flushing ??= setImmediate(saveContactsLater)
    },
    phoneBook: (connectionId) => {
      saveContacts()
      return db
        .prepare('select number, name from phone_book where connection_id = ? order by rowid')
        .all(connectionId) as DeviceContact[]
    },
    isUnregistered: (connectionId, number) =>
      db.prepare('select 1 from unregistered where connection_id = ? and number = ?').get(connectionId, number) !==
      undefined,
    setHistory: (connectionId, conversations) => setHistory(connectionId, conversations),
    historyCount,
    historyPage,
    close: () => {
      if (!db.open) return
      saveContacts()
      db.close()
    },
  }
}

/**
 * The network of a desk's data folder, `${dataDir}/simulator/network.sqlite`, opened on first use
 * (a desk without simulator connections never creates it) and closed with the desk.
 */
export const lazySimulatorNetwork = (dataDir: string): SimulatorNetwork => {
  let network: SimulatorNetwork | undefined
  const get = () => {
    network ??= openSimulatorNetwork(path.join(dataDir, 'simulator'))
    return network
  }
  return {
    record: (connectionId, entry) => get().record(connectionId, entry),
    outbox: (connectionId, to) => get().outbox(connectionId, to),
    ack: (connectionId, id, ack) => get().ack(connectionId, id, ack),
    setPhoneBook: (connectionId, contacts, unregistered) => get().setPhoneBook(connectionId, contacts, unregistered),
    addContact: (connectionId, contact) => get().addContact(connectionId, contact),
    phoneBook: (connectionId) => get().phoneBook(connectionId),
    isUnregistered: (connectionId, number) => get().isUnregistered(connectionId, number),
    setHistory: (connectionId, conversations) => get().setHistory(connectionId, conversations),
    historyCount: (connectionId, contact) => get().historyCount(connectionId, contact),
    historyPage: (connectionId, page) => get().historyPage(connectionId, page),
    groups: (connectionId) => get().groups(connectionId),
    saveGroup: (connectionId, group) => get().saveGroup(connectionId, group),
    setGroups: (connectionId, groups) => get().setGroups(connectionId, groups),
    seedGroups: (connectionId, make) => get().seedGroups(connectionId, make),
    close: () => {
      network?.close()
      network = undefined
    },
  }
}
