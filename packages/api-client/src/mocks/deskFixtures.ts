import {
  type Connection,
  type ConnectionDetail,
  ConnectionDetail as ConnectionDetailSchema,
  Connection as ConnectionSchema,
  type Contact,
  Contact as ContactSchema,
  type Lane,
  type Message,
  Message as MessageSchema,
  type Queue,
  type QuickAnswer,
  type Ticket,
  Ticket as TicketSchema,
} from '../contract'

/**
 * The desk's fixtures: queues, connections, contacts, tickets of every state, a conversation
 * long enough to page, and quick answers. Times sit on fixed days so pictures never move.
 */

const DAY = '2026-01-15'
const at = (day: string, time: string) => `${day}T${time}:00.000Z`
const CREATED = at('2026-01-02', '09:00')

export const queues: Queue[] = [
  {
    id: 1,
    name: 'Sales',
    color: '#7cb342',
    greetingMessage: 'Welcome to Sales!',
    createdAt: CREATED,
    updatedAt: CREATED,
  },
  { id: 2, name: 'Support', color: '#29b6f6', greetingMessage: null, createdAt: CREATED, updatedAt: CREATED },
]
const queueRef = (q: Queue) => ({ id: q.id, name: q.name, color: q.color })

export const connections: Connection[] = [
  { id: 1, name: 'Main line', status: 'CONNECTED', qrcode: null, isDefault: true, queues: queues.map(queueRef) },
  { id: 2, name: 'Support line', status: 'qrcode', qrcode: 'desk-pairing-code-0001', isDefault: false, queues: [] },
  { id: 3, name: 'Old phone', status: 'DISCONNECTED', qrcode: null, isDefault: false, queues: [] },
].map((c) =>
  ConnectionSchema.parse({
    ...c,
    retries: 0,
    driver: 'simulator',
    // With two queues the server requires the greeting that carries the numbered menu.
    greetingMessage: c.queues.length > 1 ? 'Hello! Reply with the number of the queue you need.' : null,
    farewellMessage: 'Thanks for talking to us, {{name}}!',
    updatedAt: at('2026-01-14', '16:20'),
    createdAt: CREATED,
  }),
)

/**
 * A web chat connection (the embeddable widget on a partner's site), with its public settings. Not in
 * `connections`: stories and tests that want it add it (`createMockDb({ connections: [...] })`).
 */
export const webChatConnection: ConnectionDetail = ConnectionDetailSchema.parse({
  id: 4,
  name: 'Website chat',
  status: 'CONNECTED',
  qrcode: null,
  retries: 0,
  isDefault: false,
  greetingMessage: 'Hi! How can we help?',
  farewellMessage: null,
  driver: 'webchat',
  queues: [queueRef(queues[1])],
  webChat: {
    allowedOrigins: ['https://portal.example.com', 'https://shop.example.com'],
    verifiedOnly: true,
    offlineEmail: true,
    theme: {
      primaryColor: '#84cc16',
      mode: 'auto',
      position: 'right',
      launcherText: 'Talk to us',
      launcherIcon: 'chat',
    },
    loaderPath: '/embed.js',
    framePath: '/widget/4',
  },
  updatedAt: at('2026-01-14', '16:20'),
  createdAt: CREATED,
})

/**
 * Telephony lines (SMS and voice calls), left out of `connections` as the web chat is: a Twilio number
 * (its Auth Token known only by its end) and the simulator. Stories and tests that want them add them.
 */
const telephonyLine = (id: number, name: string, provider: 'twilio' | 'simulator', fromNumber: string) =>
  ConnectionDetailSchema.parse({
    id,
    name,
    status: 'CONNECTED',
    qrcode: null,
    retries: 0,
    isDefault: false,
    greetingMessage: null,
    farewellMessage: null,
    driver: 'telephony',
    queues: [queueRef(queues[1])],
    telephony: {
      provider,
      fromNumber,
      accountSid: provider === 'twilio' ? 'AC0123456789abcdef0123456789abcdef' : null,
      messagingServiceSid: null,
      authTokenHint: provider === 'twilio' ? 'c0de' : null,
      inboundPath: `/webhooks/telephony/${id}/sms`,
      mms: provider === 'twilio',
    },
    updatedAt: at('2026-01-14', '16:30'),
    createdAt: CREATED,
  })
export const telephonyConnections: ConnectionDetail[] = [
  telephonyLine(60, 'US line', 'twilio', '+14155550100'),
  telephonyLine(61, 'Test line', 'simulator', '+15005550100'),
]

/** A shop's Instagram connection on Meta's API (the mocks' `MOCK_INSTAGRAM_USERS` wrote to it). */
export const instagramConnection: ConnectionDetail = {
  id: 70,
  name: 'Loja no Instagram',
  status: 'CONNECTED',
  qrcode: null,
  retries: 0,
  isDefault: false,
  greetingMessage: null,
  farewellMessage: null,
  driver: 'instagram',
  queues: [queueRef(queues[1])],
  instagram: {
    provider: 'graph',
    accountId: '17841400000000001',
    hasAccessToken: true,
    hasAppSecret: true,
    hasVerifyToken: true,
    webhookPath: '/webhooks/instagram/70',
  },
  updatedAt: at('2026-01-14', '16:30'),
  createdAt: CREATED,
}

const NAMES = [
  'Marina Costa',
  'Paulo Mendes',
  'Lucia Ferreira',
  'Rafael Gomes',
  'Beatriz Rocha',
  'Thiago Alves',
  'Camila Ribeiro',
  'Pedro Martins',
  'Sofia Carvalho',
  'Mateus Araujo',
  'Clara Barbosa',
  'Vitor Lima',
  'Isabela Nunes',
  'Gustavo Teixeira',
  'Laura Moreira',
  'Felipe Cardoso',
  'Alice Correia',
  'Bruno Dias',
  'Manuela Pinto',
  'Daniel Castro',
  'Valentina Ramos',
  'Lucas Freitas',
  'Heloisa Melo',
  'Samuel Duarte',
  'Team Lime (group)',
]

/** 25 contacts: two pages of 20 and 5. The last one is a group. */
export const contacts: Contact[] = NAMES.map((name, i) =>
  ContactSchema.parse({
    id: i + 1,
    name,
    number: i === NAMES.length - 1 ? '120363025555' : `55119${String(87650000 + i * 137).padStart(8, '0')}`,
    email: i % 3 === 0 ? `${name.split(' ')[0].toLowerCase()}@example.com` : null,
    profilePicUrl: null,
    isGroup: i === NAMES.length - 1,
    extraInfo: i === 0 ? [{ id: 1, name: 'Plan', value: 'Premium' }] : [],
    createdAt: CREATED,
    updatedAt: CREATED,
  }),
)

const users = { admin: { id: 1, name: 'Ana Admin' }, agent: { id: 2, name: 'Bruno Agent' } }
type Seed = [
  contact: number,
  status: Ticket['status'],
  user: keyof typeof users | null,
  queue: number | null,
  unread: number,
  last: string,
  time: string,
]

const SEEDS: Seed[] = [
  [1, 'open', 'admin', 1, 2, 'Can you send me the *invoice* again?', at(DAY, '10:12')],
  [2, 'open', 'admin', 2, 0, 'Thanks, that fixed it!', at(DAY, '09:40')],
  [3, 'open', 'admin', null, 0, 'I will check and come back to you', at('2026-01-14', '17:05')],
  [4, 'pending', null, 1, 3, 'Hi! I would like a quote for 20 units', at(DAY, '10:25')],
  [5, 'pending', null, 2, 1, 'My order has not arrived yet', at(DAY, '08:55')],
  [6, 'pending', null, null, 1, 'Hello?', at('2026-01-13', '11:30')],
  [7, 'open', 'agent', 2, 0, 'The app keeps asking me to log in', at(DAY, '07:45')],
  [8, 'pending', 'agent', 2, 0, 'Is the store open on Sunday?', at('2026-01-12', '15:00')],
  [9, 'closed', 'admin', 1, 0, 'Perfect, thank you!', at('2026-01-10', '12:00')],
  [10, 'closed', 'agent', 2, 0, 'Solved, bye', at('2026-01-09', '18:30')],
  [25, 'open', 'admin', 1, 4, 'Marina: who is joining the call?', at(DAY, '09:58')],
  [25, 'closed', 'admin', 1, 0, 'Meeting notes sent', at('2026-01-08', '10:00')],
]

/** Twelve tickets: open, pending (some in no queue), closed, groups; for the admin and the agent. */
export const tickets: Ticket[] = SEEDS.map(([contactId, status, user, queueId, unread, last, time], i) => {
  const contact = contacts[contactId - 1]
  const queue = queues.find((q) => q.id === queueId)
  return TicketSchema.parse({
    id: i + 1,
    status,
    contactId,
    contact,
    userId: user ? users[user].id : null,
    user: user ? users[user] : null,
    queueId,
    queue: queue ? queueRef(queue) : null,
    whatsappId: 1,
    whatsapp: { id: 1, name: 'Main line' },
    isGroup: !!contact.isGroup,
    lastMessage: last,
    unreadMessages: unread,
    tags: [],
    updatedAt: time,
    // Today's tickets open between 07:00 and 09:00, so the dashboard's chart has bars.
    createdAt: time.startsWith(DAY) ? at(DAY, `0${7 + (i % 3)}:00`) : at('2026-01-08', '08:00'),
  })
})

const LINES = [
  [false, 'Hello! I bought a subscription last week'],
  [true, 'Hi Marina, welcome! How can I help?'],
  [false, 'I did not get the invoice by e-mail'],
  [true, 'Let me check that for you'],
  [true, 'I found it: it went to an old address. I have updated it'],
  [false, 'Great, thanks'],
] as const

/** Ticket 1's conversation: 30 messages over two days (two pages), one quoting another. */
export const messages: Message[] = Array.from({ length: 30 }, (_, i) => {
  const [fromMe, text] = LINES[i % LINES.length]
  const day = i < 12 ? '2026-01-14' : DAY
  const minutes = (i < 12 ? i : i - 12) * 3
  const time = `${String(8 + Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
  return MessageSchema.parse({
    id: i + 1,
    ticketId: 1,
    body: i === 29 ? 'Can you send me the *invoice* again?' : text,
    fromMe,
    read: true,
    mediaUrl: null,
    mediaType: 'chat',
    ack: fromMe ? 3 : 0,
    isDeleted: false,
    quotedMsg:
      i === 28 ? { id: 27, body: LINES[26 % LINES.length][1], fromMe: false, contact: { name: 'Marina Costa' } } : null,
    contact: fromMe ? null : { id: 1, name: 'Marina Costa' },
    createdAt: at(day, time),
    updatedAt: at(day, time),
  })
})

/** Every other ticket holds its last message, so each conversation opens with something in it. */
export const lastMessages: Message[] = tickets
  .filter((t) => t.id !== 1)
  .map((t) =>
    MessageSchema.parse({
      id: 100 + t.id,
      ticketId: t.id,
      body: t.lastMessage ?? '',
      fromMe: false,
      read: t.unreadMessages === 0,
      mediaUrl: null,
      mediaType: 'chat',
      ack: 0,
      isDeleted: false,
      contact: { id: t.contactId, name: t.contact.name },
      createdAt: t.updatedAt,
      updatedAt: t.updatedAt,
    }),
  )

export const quickAnswers: QuickAnswer[] = [
  { id: 1, shortcut: 'hello', message: '{{ms}} {{name}}! This is {{user}} from {{queue}}. How can I help?' },
  { id: 2, shortcut: 'thanks', message: 'Thank you for contacting us, {{name}}. Ticket #{{ticket_id}}.' },
  { id: 3, shortcut: 'hours', message: 'We are open from 8:00 to 18:00, Monday to Friday.' },
].map((qa) => ({ ...qa, createdAt: CREATED, updatedAt: CREATED }))

/** A new install's one lane, and two more, for the board. */
export const lanes: Lane[] = [
  { title: 'Open', color: '#84cc16' },
  { title: 'Follow-up', color: '#0ea5e9' },
  { title: 'Done', color: '#f97316' },
].map((l, position) => ({
  id: 900 + position,
  laneId: String(900 + position),
  label: null,
  position,
  entryQueueId: null,
  entryQuickAnswerId: null,
  ...l,
}))

export const deskFixtures = {
  lanes,
  queues,
  connections,
  contacts,
  tickets,
  messages: [...messages, ...lastMessages],
  quickAnswers,
  webChatConnection,
  telephonyConnections,
  instagramConnection,
}
