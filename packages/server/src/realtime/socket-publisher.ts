import type { ConnectionSession } from '@desk/api-client'
import { SECRET_SETTING } from '../modules/settings/service'
import { mergeAudiences } from './audience'
import type { Audience, Publisher, TicketSight } from './publisher'
import { audienceRooms, rescopedRooms, rooms, topics, userRoom } from './rooms'
import { socketsIn } from './shared-rooms'
import type { DeskIo } from './socket'

/** The rooms of a ticket's conversation and of the notifications that reach an audience. */
const followers = (ticketId: number, audience: Audience) => [
  ...audienceRooms(topics.chatBox(ticketId), audience),
  ...audienceRooms(topics.notification, audience),
]

/** A session move as the seed's clients read it: `qrcode` is `""` when there is no code to show. */
const sessionFor = (session: ConnectionSession, withCode: boolean): ConnectionSession => ({
  ...session,
  qrcode: withCode ? (session.qrcode ?? '') : '',
})

/**
 * Delivers service events to the rooms allowed to hear them. Ticket and message events go only
 * to the topics a socket asked for (see `topics`), and there only to the ticket's audience; all
 * the rooms of one event go into one emit, so a socket in several of them hears it once.
 */
export const createSocketPublisher = (io: DeskIo): Publisher => {
  /** Moves a user's sockets between `T:admins` and `T:u:<id>` after a profile change. */
  const rescope = async (userId: number, admin: boolean) => {
    for (const socket of await socketsIn(io, rooms.user(userId))) {
      const { leave, join } = rescopedRooms(socket.rooms, userId, admin)
      if (join.length) socket.join(join)
      for (const room of leave) socket.leave(room)
    }
  }

  /**
   * The lists of the status a ticket left drop it (seed: a delete to the old status), and so do
   * the lists of those who no longer see it when its status stayed.
   */
  const dropFromLists = (ticketId: number, now: TicketSight, before: TicketSight) => {
    const gone = { action: 'delete' as const, ticketId }
    const left = topics.tickets(before.status)
    if (before.status !== now.status) return void io.to(audienceRooms(left, before.audience)).emit('ticket', gone)
    if (now.audience.everyone) return
    if (before.audience.everyone) {
      return void io.to(left).except(audienceRooms(left, now.audience)).emit('ticket', gone)
    }
    const lost = before.audience.userIds.filter((id) => !now.audience.userIds.includes(id))
    if (lost.length) io.to(lost.map((id) => userRoom(left, id))).emit('ticket', gone)
  }

  return {
    job(event) {
      const target = io.to(rooms.admins)
      ;(event.job.userId ? target.to(rooms.user(event.job.userId)) : target).emit('job', event)
    },
    user(event) {
      const userId = event.action === 'delete' ? event.userId : event.user.id
      io.to(rooms.admins).to(rooms.user(userId)).emit('user', event)
      if (event.action === 'delete') {
        io.in(rooms.user(userId)).disconnectSockets(true)
      } else if (event.user.profile === 'admin') {
        io.in(rooms.user(userId)).socketsJoin(rooms.admins)
        void rescope(userId, true).catch(() => {})
      } else {
        io.in(rooms.user(userId)).socketsLeave(rooms.admins)
        void rescope(userId, false).catch(() => {})
      }
    },
    sessionsEnded(userId, keepSessionId) {
      const all = io.in(rooms.user(userId))
      const others = keepSessionId ? all.except(rooms.session(keepSessionId)) : all
      others.disconnectSockets(true)
    },
    settings(setting) {
      const event = { action: 'update' as const, setting }
      if (setting.key === SECRET_SETTING) io.to(rooms.admins).emit('settings', event)
      else io.to(rooms.signedIn).emit('settings', event)
    },
    // Everyone follows connection status (the connections page, the menu's '!' badge); the QR
    // code pairs a phone with the desk, so only admins get it. A new connection is announced
    // as an `update` (the seed's clients know update and delete only, and add what they lack).
    whatsapp(event) {
      const told = event.action === 'create' ? { ...event, action: 'update' as const } : event
      io.to(rooms.admins).emit('whatsapp', told)
      const withoutQr = told.action === 'delete' ? told : { ...told, whatsapp: { ...told.whatsapp, qrcode: null } }
      io.to(rooms.signedIn).except(rooms.admins).emit('whatsapp', withoutQr)
    },
    whatsappSession(session) {
      io.to(rooms.admins).emit('whatsappSession', { action: 'update', session: sessionFor(session, true) })
      io.to(rooms.signedIn)
        .except(rooms.admins)
        .emit('whatsappSession', { action: 'update', session: sessionFor(session, false) })
    },
    ticket(event, now, before) {
      if (event.action !== 'update') {
        const id = event.ticketId
        io.to([...followers(id, now.audience), ...audienceRooms(topics.tickets(now.status), now.audience)]).emit(
          'ticket',
          event,
        )
        return
      }
      const id = event.ticket.id
      if (before) dropFromLists(id, now, before)
      // The conversation and the notifications also tell those who just lost the ticket, so
      // their screens can let it go; a status list shows it only to those who see it now.
      const heard = before ? mergeAudiences(before.audience, now.audience) : now.audience
      io.to([...followers(id, heard), ...audienceRooms(topics.tickets(now.status), now.audience)]).emit('ticket', event)
    },
    appMessage(event, audience) {
      const id = event.ticket.id
      // A new message also moves its ticket in the lists; a changed one (ack, deletion) only
      // matters to the conversation.
      const targets =
        event.action === 'create'
          ? [...followers(id, audience), ...audienceRooms(topics.tickets(event.ticket.status), audience)]
          : audienceRooms(topics.chatBox(id), audience)
      io.to(targets).emit('appMessage', event)
    },
    contact(event) {
      io.to(rooms.signedIn).emit('contact', event)
    },
    queue(event) {
      io.to(rooms.signedIn).emit('queue', event)
    },
    quickAnswer(event) {
      io.to(rooms.signedIn).emit('quickAnswer', event)
    },
    tag(event) {
      io.to(rooms.signedIn).emit('tag', event)
    },
    contactTags(event) {
      io.to(rooms.signedIn).emit('contactTags', event)
    },
    // The board follows the open list; a conversation's header shows its card's lane too.
    card(event, audience) {
      const id = event.action === 'update' ? event.card.ticketId : event.ticketId
      io.to([...audienceRooms(topics.tickets('open'), audience), ...audienceRooms(topics.chatBox(id), audience)]).emit(
        'card',
        event,
      )
    },
    lane(event) {
      io.to(rooms.signedIn).emit('lane', event)
    },
    // A contact's switches show in each of its conversations, old or new: every socket of the
    // audience hears it, and a conversation of that contact applies it.
    bot(event, audience) {
      io.to(audience.everyone ? rooms.signedIn : [rooms.admins, ...audience.userIds.map(rooms.user)]).emit('bot', event)
    },
    // The chat reaches its members' own rooms: no socket asks to join a channel, so one that does
    // not belong to it never hears it, on whichever process it is connected.
    chatMessage(event, userIds) {
      if (userIds.length) io.to(userIds.map(rooms.user)).emit('chatMessage', event)
    },
    chatChannel(event, userIds) {
      if (userIds.length) io.to(userIds.map(rooms.user)).emit('chatChannel', event)
    },
    mention(event, userId) {
      io.to(rooms.user(userId)).emit('mention', event)
    },
  }
}
