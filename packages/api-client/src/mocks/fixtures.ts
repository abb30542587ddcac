import { type Setting, Setting as SettingSchema, type User, User as UserSchema } from '../contract'
import { deskFixtures } from './deskFixtures'

/** Every fixture user signs in with this password. */
export const MOCK_PASSWORD = 'secret123'
export const MOCK_API_TOKEN = '6c1f0e4d9a8b7c2e5f3a1d0b9e8c7a6f5d4c3b2a19f8e7d6c5b4a3928170f6e5'
export const mockTokenFor = (userId: number) => `mock-token-${userId}`

const QUEUES = [
  { id: 1, name: 'Sales', color: '#7cb342' },
  { id: 2, name: 'Support', color: '#29b6f6' },
]

const FIRST = [
  'Bruna',
  'Carlos',
  'Diana',
  'Eduardo',
  'Fernanda',
  'Gabriel',
  'Helena',
  'Igor',
  'Julia',
  'Kauê',
  'Larissa',
]
const LAST = ['Silva', 'Souza', 'Oliveira', 'Pereira']
const CREATED = '2026-11-02T12:00:00.000Z'

export const admin: User = UserSchema.parse({
  id: 1,
  name: 'Ana Admin',
  email: 'admin@limedesk.test',
  profile: 'admin',
  queues: QUEUES,
  whatsappId: null,
  createdAt: CREATED,
  updatedAt: CREATED,
})

export const agent: User = UserSchema.parse({
  id: 2,
  name: 'Bruno Agent',
  email: 'agent@limedesk.test',
  profile: 'user',
  queues: [QUEUES[1]],
  whatsappId: null,
  createdAt: CREATED,
  updatedAt: CREATED,
})

/** 45 users in all (admin, agent and 43 more): three pages of 20, 20 and 5. */
export const users: User[] = [
  admin,
  agent,
  ...Array.from({ length: 43 }, (_, i) =>
    UserSchema.parse({
      id: i + 3,
      name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`,
      email: `user${i + 3}@limedesk.test`,
      profile: i % 10 === 9 ? 'admin' : 'user',
      queues: i % 3 === 0 ? [QUEUES[0]] : [],
      whatsappId: null,
      createdAt: CREATED,
      updatedAt: CREATED,
    }),
  ),
]

export const settings: Setting[] = [
  { key: 'userCreation', value: 'enabled' },
  { key: 'timeCreateNewTicket', value: '3600' },
  { key: 'call', value: 'disabled' },
  { key: 'CheckMsgIsGroup', value: 'enabled' },
  { key: 'kanbanWaitMinutes', value: '30' },
  { key: 'language', value: 'en' },
  { key: 'internalChatUrl', value: '' },
  { key: 'chatbotUrl', value: '' },
  { key: 'userApiToken', value: MOCK_API_TOKEN },
].map((s) => SettingSchema.parse({ ...s, updatedAt: CREATED }))

export const fixtures = {
  admin,
  agent,
  users,
  settings,
  password: MOCK_PASSWORD,
  apiToken: MOCK_API_TOKEN,
  queues: QUEUES,
  connections: deskFixtures.connections,
  contacts: deskFixtures.contacts,
  tickets: deskFixtures.tickets,
  messages: deskFixtures.messages,
  quickAnswers: deskFixtures.quickAnswers,
}
