import { z } from 'zod'
import { optionalText } from './common'
import { Queue } from './entities'
import { queuesPaths } from './paths/queues'
import { defineRoutes, noContent } from './route'
import { boundedString, Color, IdParams } from './validation'

/** Queues: `GET/POST /queue`, `GET/PUT/DELETE /queue/:id` (writes admin-only). */

/** The queue's greeting, sent when a customer picks it; also listed in the connection's menu. */
export const QUEUE_GREETING_MAX = 4096

/**
 * `POST /queue`: name 2–50 and unique; colour a hex value of 3–9 characters, unique
 * (`ERR_QUEUE_COLOR_ALREADY_EXISTS`); greeting optional (the server asks for it with
 * `ERR_WAPP_GREETING_REQUIRED` when a connection has more than one queue).
 */
export const QueueCreateRequest = z.object({
  name: boundedString(2, 50),
  color: Color,
  greetingMessage: optionalText(QUEUE_GREETING_MAX),
})
export type QueueCreateRequest = z.input<typeof QueueCreateRequest>
export type QueueCreateData = z.output<typeof QueueCreateRequest>

/** `PUT /queue/:id`: a missing field is unchanged; an empty greeting clears it. */
export const QueueUpdateRequest = z.object({
  name: QueueCreateRequest.shape.name.optional(),
  color: QueueCreateRequest.shape.color.optional(),
  greetingMessage: QueueCreateRequest.shape.greetingMessage,
})
export type QueueUpdateRequest = z.input<typeof QueueUpdateRequest>
export type QueueUpdateData = z.output<typeof QueueUpdateRequest>

/** `GET /queue`: a plain array, by name. */
export const QueueListResponse = z.array(Queue)
export type QueueListResponse = z.infer<typeof QueueListResponse>
export const QueueResponse = Queue
export type QueueResponse = z.infer<typeof QueueResponse>

/** The routes of queues, on the methods and paths of `./paths/queues`. */
export const queuesRoutes = /* @__PURE__ */ defineRoutes(queuesPaths, () => ({
  queueList: { response: QueueListResponse },
  queueGet: { params: IdParams, response: QueueResponse },
  queueCreate: { body: QueueCreateRequest, response: QueueResponse },
  queueUpdate: { params: IdParams, body: QueueUpdateRequest, response: QueueResponse },
  queueDelete: { params: IdParams, ...noContent },
}))
