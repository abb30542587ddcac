/**
 * Instagram direct messages (the official API with Instagram Login). Method and path of each route, free of
 * zod: the schemas are in `../instagram-routes.ts`.
 */
import { get, post } from './verbs'

export const instagramPaths = {
  /** The seed's /InstaDirect: a direct job to user names the desk has seen (202 with the job). */
  sendDirect: post('/sendDirect'),
  /** Before sending: which user names can be messaged now, and why the others cannot. */
  directEstimate: post('/instagram/direct/estimate'),
  /** Meta's webhook of one Instagram connection (no sign-in): the handshake and the signed deliveries. */
  instagramWebhookVerify: get('/webhooks/instagram/:connectionId'),
  instagramWebhookReceive: post('/webhooks/instagram/:connectionId'),
  /** Admins: a simulated Instagram customer writes (an Instagram connection on the Simulator provider). */
  simulatorInstagramInbound: post('/simulator/:connectionId/instagram'),
} as const
