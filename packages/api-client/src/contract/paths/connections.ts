/**
 * Connections (`/whatsapp`) and their sessions (`/whatsappsession/:id`).
 * Method and path of each route, free of zod: the schemas are in `../connections.ts`.
 */
import { del, get, post, put } from './verbs'

export const connectionsPaths = {
  connectionList: get('/whatsapp'),
  connectionGet: get('/whatsapp/:id'),
  connectionCreate: post('/whatsapp'),
  connectionUpdate: put('/whatsapp/:id'),
  connectionDelete: del('/whatsapp/:id'),
  sessionStart: post('/whatsappsession/:id'),
  sessionNewQr: put('/whatsappsession/:id'),
  sessionDisconnect: del('/whatsappsession/:id'),
} as const
