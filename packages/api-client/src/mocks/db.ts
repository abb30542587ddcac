import type {
  Connection,
  Contact,
  Job,
  JobRecipient,
  Lane,
  Message,
  MessageTemplate,
  OptOut,
  OutreachFile,
  Queue,
  QuickAnswer,
  Setting,
  Tag,
  Ticket,
  User,
  WidgetSecretResponse,
} from '../contract'
import { groupFixtures, type MockGroup } from './desk/groups'
import { deskFixtures } from './deskFixtures'
import { fixtures, MOCK_PASSWORD } from './fixtures'
import { outreachFixtures } from './outreachFixtures'

/** The in-memory state behind the mock handlers; each story or test may make its own. */
export interface MockDb {
  users: User[]
  passwords: Map<number, string>
  settings: Setting[]
  /** Who the refresh cookie belongs to; `null` when signed out. */
  sessionUserId: number | null
  nextId: number
  /** Seconds the mock clock has advanced since the fixed "now" (see `stamp`). */
  ticks: number
  queues: Queue[]
  connections: Connection[]
  contacts: Contact[]
  tickets: Ticket[]
  messages: Message[]
  quickAnswers: QuickAnswer[]
  /** Outreach jobs, newest first, and their recipients. */
  jobs: Job[]
  jobRecipients: (JobRecipient & { jobId: number })[]
  outreachFiles: OutreachFile[]
  optOuts: OptOut[]
  /** The tag catalogue, and each contact's tag ids in order. */
  tags: Tag[]
  contactTags: Record<number, number[]>
  /** Kanban lanes, and where a card sits when it was moved (else the first lane). */
  lanes: Lane[]
  cardLanes: Map<number, number>
  /** Web chat connections' signing secrets, made on first read. */
  widgetSecrets: Map<number, WidgetSecretResponse>
  /** The simulated network's groups, with their connection and participants. */
  groups: MockGroup[]
  /** Cloud API connections' message templates (`templateFixtures`); none unless seeded. */
  templates: MessageTemplate[]
  /** When each outreach send was last asked for (who, kind, what), to refuse the same one within a minute. */
  sendsAskedAt: Map<string, number>
  reset(): void
}

export interface MockDbSeed {
  users?: User[]
  settings?: Setting[]
  sessionUserId?: number | null
  queues?: Queue[]
  connections?: Connection[]
  contacts?: Contact[]
  tickets?: Ticket[]
  messages?: Message[]
  quickAnswers?: QuickAnswer[]
  jobs?: Job[]
  jobRecipients?: (JobRecipient & { jobId: number })[]
  outreachFiles?: OutreachFile[]
  optOuts?: OptOut[]
  tags?: Tag[]
  contactTags?: Record<number, number[]>
  lanes?: Lane[]
  groups?: MockGroup[]
  templates?: MessageTemplate[]
}

export function createMockDb(seed: MockDbSeed = {}): MockDb {
  const initial = () => {
    const users = structuredClone(seed.users ?? fixtures.users)
    const messages = structuredClone(seed.messages ?? deskFixtures.messages)
    const numericIds = messages.map((m) => (typeof m.id === 'number' ? m.id : 0))
    return {
      users,
      passwords: new Map(users.map((u) => [u.id, MOCK_PASSWORD])),
      settings: structuredClone(seed.settings ?? fixtures.settings),
      sessionUserId: seed.sessionUserId === undefined ? fixtures.admin.id : seed.sessionUserId,
      // One id sequence for every entity, above all the fixtures' ids.
      nextId: Math.max(0, ...users.map((u) => u.id), ...numericIds) + 1,
      ticks: 0,
      queues: structuredClone(seed.queues ?? deskFixtures.queues),
      connections: structuredClone(seed.connections ?? deskFixtures.connections),
      contacts: structuredClone(seed.contacts ?? deskFixtures.contacts),
      tickets: structuredClone(seed.tickets ?? deskFixtures.tickets),
      messages,
      quickAnswers: structuredClone(seed.quickAnswers ?? deskFixtures.quickAnswers),
      jobs: structuredClone(seed.jobs ?? outreachFixtures.jobs),
      jobRecipients: structuredClone(seed.jobRecipients ?? outreachFixtures.jobRecipients),
      outreachFiles: structuredClone(seed.outreachFiles ?? outreachFixtures.outreachFiles),
      optOuts: structuredClone(seed.optOuts ?? outreachFixtures.optOuts),
      // No catalogue unless a story or test seeds one (`tagFixtures`): pages without tags stay as they were.
      tags: structuredClone(seed.tags ?? []),
      contactTags: structuredClone(seed.contactTags ?? {}),
      lanes: structuredClone(seed.lanes ?? deskFixtures.lanes),
      cardLanes: new Map<number, number>(),
      widgetSecrets: new Map<number, WidgetSecretResponse>(),
      groups: structuredClone(seed.groups ?? groupFixtures),
      templates: structuredClone(seed.templates ?? []),
      sendsAskedAt: new Map<string, number>(),
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
