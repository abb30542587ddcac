/**
 * Cloud API webhooks: the verification handshake and the deliveries.
 * Method and path of each route, free of zod: the schemas are in `../webhooks.ts`.
 */
import { get, post } from './verbs'

export const webhooksPaths = {
  webhookVerify: get('/webhooks/whatsapp/:connectionId'),
  webhookReceive: post('/webhooks/whatsapp/:connectionId'),
} as const
