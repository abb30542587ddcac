/**
 * Queues.
 * Method and path of each route, free of zod: the schemas are in `../queues.ts`.
 */
import { del, get, post, put } from './verbs'

export const queuesPaths = {
  queueList: get('/queue'),
  queueGet: get('/queue/:id'),
  queueCreate: post('/queue'),
  queueUpdate: put('/queue/:id'),
  queueDelete: del('/queue/:id'),
} as const
