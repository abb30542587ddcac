import type { Lane } from '@desk/api-client/contract'
import type { KanbanCardData } from './KanbanCard'

/** Sample lanes and cards for stories; "now" in stories is 2026-01-15 10:30 UTC. */
export const sampleLanes: Lane[] = [
  {
    id: 1,
    laneId: '1',
    title: 'New',
    label: null,
    color: '#84cc16',
    position: 0,
    entryQueueId: null,
    entryQuickAnswerId: null,
  },
  {
    id: 2,
    laneId: '2',
    title: 'In progress',
    label: null,
    color: '#0ea5e9',
    position: 1,
    entryQueueId: 2,
    entryQuickAnswerId: null,
  },
  {
    id: 3,
    laneId: '3',
    title: 'Waiting on customer',
    label: null,
    color: '#f97316',
    position: 2,
    entryQueueId: null,
    entryQuickAnswerId: 4,
  },
]

const contact = (id: number, name: string) => ({
  id,
  name,
  number: `55119000000${String(id).padStart(2, '0')}`,
  email: null,
  profilePicUrl: null,
  isGroup: false,
  createdAt: '2026-01-10T10:00:00Z',
  updatedAt: '2026-01-10T10:00:00Z',
})

/** A card; `minutesAgo` is how long it has waited at the stories' "now". */
export const makeCard = (
  ticketId: number,
  name: string,
  laneId: string,
  minutesAgo: number,
  over: Partial<KanbanCardData> = {},
): KanbanCardData => ({
  id: ticketId,
  ticketId,
  status: 'open',
  laneId,
  title: name,
  description: 'Hi! My order *#4512* has not arrived yet',
  label: null,
  contact: contact(ticketId, name),
  user: { id: 7, name: 'Carla Dias' },
  queue: null,
  unreadMessages: 0,
  tags: [],
  waitingSince: new Date(Date.parse('2026-01-15T10:30:00Z') - minutesAgo * 60_000).toISOString(),
  ...over,
})

export const freshCard = makeCard(201, 'Ana Souza', '1', 4)
export const nearCard = makeCard(202, 'Bruno Lima', '1', 20, {
  tags: [
    { id: 1, tag: 'VIP', color: '#eab308' },
    { id: 2, tag: 'Refund', color: '#ef4444' },
  ],
})
export const lateCard = makeCard(203, 'Diego Rocha with a very long name that does not fit', '2', 60 * 26, {
  user: null,
  description: null,
})

export const sampleCards: KanbanCardData[] = [
  freshCard,
  nearCard,
  lateCard,
  makeCard(204, 'Elisa Prado', '2', 95, { description: '_Thanks!_ I will check the link' }),
]

/** 500 cards spread over the sample lanes, for the scale story and the bench. */
export const manyCards = (count = 500): KanbanCardData[] =>
  Array.from({ length: count }, (_, i) => makeCard(1000 + i, `Customer ${i + 1}`, String((i % 3) + 1), i % 90))
