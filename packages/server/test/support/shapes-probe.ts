/**
 * Run by `platform/object-shapes.test.ts` as `node --allow-natives-syntax --import tsx`: optimises each function
 * an arriving message or a list row goes through, calls it twice more with different values, and prints whether
 * the two answers share one hidden class (see "Object shapes" in the server README). A control that makes a copy
 * by spreading and then adds a field says whether this engine gives such copies a class of their own at all.
 */
import { cleanInbound } from '../../src/drivers/clean'
import type { InboundMessage } from '../../src/drivers/types'
import { toTicket } from '../../src/modules/tickets/repository'

// V8's own functions, which TypeScript cannot spell: compiled at run time (the flag allows them there too).
const sameShape = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: unknown, b: unknown) => boolean
const prepare = new Function('f', '%PrepareFunctionForOptimization(f)') as (f: unknown) => void
const optimiseNext = new Function('f', '%OptimizeFunctionOnNextCall(f)') as (f: unknown) => void

/** Whether `make` answers objects of one shape once optimised, called with `input(i)`. */
const keepsOneShape = <I>(make: (input: I) => unknown, input: (i: number) => I) => {
  prepare(make)
  make(input(0))
  make(input(1))
  optimiseNext(make)
  make(input(2))
  return sameShape(make(input(3)), make(input(4)))
}

const control = (row: { id: number; name: string }) => ({ ...row, extra: row.id })

const message = (i: number): InboundMessage => ({
  providerMessageId: `SIM${i}`,
  from: `55119${String(i).padStart(8, '0')}`,
  name: `Customer ${i}`,
  isGroup: false,
  body: `where is my order ${i}?`,
  mediaType: 'chat',
})

const ticketRow = (i: number) => ({
  id: i,
  status: 'open',
  contactId: i,
  userId: null,
  queueId: 1,
  whatsappId: 1,
  isGroup: 0,
  lastMessage: `hello ${i}`,
  unreadMessages: i,
  protocol: null,
  createdAt: '2026-11-30T00:00:00.000Z',
  updatedAt: '2026-11-30T00:00:00.000Z',
  contactName: `Customer ${i}`,
  contactNumber: `55119${i}`,
  contactEmail: null,
  contactPicture: null,
  contactIsGroup: 0,
  contactCreatedAt: '2026-11-30T00:00:00.000Z',
  contactUpdatedAt: '2026-11-30T00:00:00.000Z',
  userName: null,
  queueName: 'Sales',
  queueColor: '#7cb342',
  whatsappName: 'Line',
  whatsappDriver: 'simulator',
})
type TicketRowInput = Parameters<typeof toTicket>[0]

const tags = [{ id: 1, tag: 'VIP', color: '#ffaa00' }]
console.log(
  JSON.stringify({
    control: keepsOneShape(control, (i) => ({ id: i, name: `n${i}` })),
    cleanInbound: keepsOneShape(cleanInbound, message),
    ticketWithTags: keepsOneShape(
      (row: TicketRowInput) => toTicket(row, { tags }),
      (i) => ticketRow(i) as unknown as TicketRowInput,
    ),
    ticketWithReplyWindow: keepsOneShape(
      (row: TicketRowInput) => toTicket(row, { tags, lastCustomerMessageAt: row.updatedAt }),
      (i) => ticketRow(i) as unknown as TicketRowInput,
    ),
  }),
)
