import { type DirectData, DirectRequest, safeText } from '@desk/api-client/contract'
import { z } from 'zod'
import { contractForm } from '../../../internal/outreach/contractForm'

/** What the fields hold: the user names one a line, the message, and the Instagram connection (its id, as text). */
export interface DirectSendFormValues {
  userIg: string
  message: string
  connectionId: string
}

/** The contract's `POST /sendDirect` body, parsed (`userIg` one user name an item). */
export type DirectSendValues = DirectData

export const emptyDirectSendValues: DirectSendFormValues = { userIg: '', message: '', connectionId: '' }

/** Every field the server may name in a 400. */
export const SERVER_FIELDS = ['userIg', 'message'] as const

/** The seed's fields are required (§5); then the contract's request decides (user names, message length). */
export const directSendSchema = contractForm<'userIg' | 'message' | 'connectionId', DirectData>(
  z.object({ userIg: safeText(), message: safeText(), connectionId: safeText() }),
  ['userIg', 'message'],
  (v) =>
    DirectRequest.safeParse({
      userIg: v.userIg,
      message: v.message,
      ...(v.connectionId ? { ticketwhatsappId: Number(v.connectionId) } : {}),
    }),
)
