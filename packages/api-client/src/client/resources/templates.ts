import { type Requester, type RouteBody, type RouteQuery, routeCaller } from './types'

export const templatesApi = (request: Requester) => {
  const call = routeCaller(request)
  return {
    /** The stored templates of one connection (or every Cloud API connection's). */
    list: (query: RouteQuery<'templateList'> = {}) => call('templateList', { query }),
    /** Admins: reads a connection's templates from the Graph API again. */
    sync: (connectionId: number) => call('templateSync', { body: { connectionId } }),
    /** A template with its variables filled, into a ticket; the message also arrives as a live event. */
    send: (ticketId: number, body: RouteBody<'messageSendTemplate'>) =>
      call('messageSendTemplate', { params: { ticketId }, body }),
  }
}
export type TemplatesApi = ReturnType<typeof templatesApi>
