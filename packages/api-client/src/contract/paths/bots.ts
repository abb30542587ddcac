/**
 * Bots: the conversation screen's switches, the seed's status calls, and the bots' configuration.
 * Method and path of each route, free of zod: the schemas are in `../outreach/bots.ts`.
 */
import { get, post, put } from './verbs'

export const botsPaths = {
  /** The seed's status calls: the text `ok` or `off` for the contact's number. */
  botStatusDialogflow: get('/getdialogstatus/:number'),
  botStatusDialogflowAudio: get('/getdialogaudiostatus/:number'),
  botStatusChatbot: get('/getchatbotstatus/:number'),
  botStatusN8n: get('/getn8nstatus/:number'),
  botStatusGpt: get('/getgptstatus/:number'),
  botStatusTypebot: get('/gettypebotstatus/:number'),
  /** The seed's switches, each with `{msgFrom}`. */
  botOnDialogflow: post('/zdgDialogFlowOn'),
  botOffDialogflow: post('/zdgDialogFlowOff'),
  botOnDialogflowAudio: post('/zdgDialogFlowOnAudio'),
  botOffDialogflowAudio: post('/zdgDialogFlowOffAudio'),
  botOnChatbot: post('/zdgChatBotOn'),
  botOffChatbot: post('/zdgChatBotOff'),
  botOnN8n: post('/zdgN8NOn'),
  botOffN8n: post('/zdgN8NOff'),
  botOnGpt: post('/zdgGPTOn'),
  botOffGpt: post('/zdgGPTOff'),
  botOnTypebot: post('/zdgTypeBotOn'),
  botOffTypebot: post('/zdgTypeBotOff'),
  /** The ticket's connection, as the seed's conversation screen reads it. */
  ticketConnection: post('/zdgGetWppId'),
  /** The six switches of a ticket's contact, in one call. */
  ticketBots: get('/tickets/:id/bots'),
  botConfigList: get('/bots'),
  botConfigGet: get('/bots/:kind'),
  botConfigUpdate: put('/bots/:kind'),
  botTest: post('/bots/:kind/test'),
  /** A bot's later answer, signed with its secret (no sign-in). */
  botReply: post('/bots/:kind/reply'),
  botAudit: get('/botAudit'),
} as const
