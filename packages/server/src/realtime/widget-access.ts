import { widgetRooms } from '../modules/widget/rooms'
import type { Publisher } from './publisher'
import { rescopedRooms } from './rooms'
import { socketsIn } from './shared-rooms'
import type { DeskIo } from './socket'

/**
 * Widget frames follow changes of who may see what, as desk sockets do, through rooms every process
 * shares (nothing is remembered per process):
 * - a deleted desk user's portal frames hear `widget:expired` and are let go;
 * - a promoted or demoted user's portal frames move between a ticket's `T:admins` and `T:u:<id>`
 *   rooms, so they hear what the user's new profile lets them see;
 * - a deleted contact's visitor frames, and every frame of a deleted connection, hear `widget:expired`
 *   and are let go.
 * A transferred ticket needs nothing here: its messages reach only its audience's rooms.
 */
export const createWidgetAccess = (io: DeskIo, log: (error: unknown) => void) => {
  /** The `widget:expired` event goes out first, then the disconnect (without closing the transport). */
  const end = (room: string) => {
    io.to(room).emit('widget:expired')
    io.in(room).disconnectSockets()
  }

  const rescope = async (userId: number, admin: boolean) => {
    for (const socket of await socketsIn(io, widgetRooms.user(userId))) {
      const { leave, join } = rescopedRooms(socket.rooms, userId, admin)
      if (join.length) socket.join(join)
      for (const room of leave) socket.leave(room)
    }
  }

  const wrap = (publisher: Publisher): Publisher => ({
    ...publisher,
    user(event) {
      publisher.user(event)
      if (event.action === 'delete') end(widgetRooms.user(event.userId))
      else void rescope(event.user.id, event.user.profile === 'admin').catch(log)
    },
    contact(event) {
      publisher.contact(event)
      if (event.action === 'delete') end(widgetRooms.contact(event.contactId))
    },
    whatsapp(event) {
      publisher.whatsapp(event)
      if (event.action === 'delete') end(widgetRooms.connection(event.whatsappId))
    },
  })

  return { wrap }
}
