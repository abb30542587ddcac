import type { Db } from '../../db'
import type { Publisher } from '../../realtime/publisher'
import type { MediaStore } from '../media/store'
import type { MessagesService } from '../messages/service'
import { createChatChannels } from './channels'
import { createChatMentions } from './mentions'
import { createChatMessages } from './messages'
import { createNotes } from './notes'

/**
 * The desk's internal chat (channels, messages, mentions) and private notes in conversations:
 * built into the desk on its users, queues and live sockets, in place of the seed's separate chat
 * service that user saves and deletes had to keep in step.
 */
export const createChatService = ({
  db,
  publisher,
  media,
  messages,
}: {
  db: Db
  publisher: Publisher
  media: MediaStore
  messages: Pick<MessagesService, 'announce'>
}) => {
  const channels = createChatChannels({ db, publisher })
  const mentions = createChatMentions({ db, publisher })
  const chatMessages = createChatMessages({ db, publisher, media, channels, mentions })
  const notes = createNotes({ db, messages, mentions })
  return { channels, mentions, messages: chatMessages, notes }
}

export type ChatService = ReturnType<typeof createChatService>
