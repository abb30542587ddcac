import type { BotReply, Ticket } from '@desk/api-client'
import type { MediaStore } from '../media/store'
import type { MessagesService } from '../messages/service'
import type { OutreachInputs } from '../outreach-inputs/service'

export interface ReplySenderDeps {
  messages: Pick<MessagesService, 'deliver'>
  media: Pick<MediaStore, 'save'>
  inputs: Pick<OutreachInputs, 'fetchMedia'>
}

/**
 * Sends a bot's replies to the ticket's customer, as the desk's messages (fromMe): text as it is, media
 * fetched from its URL (under the outreach address policy) and kept in the data folder. `stillOn` is
 * asked before each reply goes (after its file arrived): once an agent took over, the rest is dropped.
 * Resolves to how many went.
 */
export const createReplySender =
  ({ messages, media, inputs }: ReplySenderDeps) =>
  async (ticket: Ticket, replies: BotReply[], stillOn: () => Promise<boolean>) => {
    let sent = 0
    for (const reply of replies) {
      if ('text' in reply) {
        if (!(await stillOn())) break
        await messages.deliver(ticket, { body: reply.text, userId: null })
      } else {
        const file = await inputs.fetchMedia(reply.mediaUrl, { caption: reply.caption })
        if (!(await stillOn())) break
        const saved = await media.save(file.data)
        await messages.deliver(ticket, {
          body: reply.caption ?? '',
          mediaType: file.mediaType,
          media: { path: saved.name, mime: saved.mime, size: saved.size, fileName: file.fileName },
          userId: null,
        })
      }
      sent += 1
    }
    return sent
  }
