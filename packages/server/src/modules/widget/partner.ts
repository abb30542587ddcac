import type { WidgetSecretResponse, WidgetTokenRequest, WidgetTokenResponse } from '@desk/api-client'
import type { z } from 'zod'
import { nowIso } from '../../db'
import { AppError, fieldError } from '../../http/errors'
import { findTicket } from '../tickets/repository'
import { type Actor, requireAdmin } from '../users/access'
import type { WidgetContext } from './caller'
import { saveWebChat, userByEmail } from './repository'
import { newWidgetSecret } from './settings'
import { signPartnerToken } from './tokens'

type TokenInput = z.output<typeof WidgetTokenRequest>

/** What partners hold: tokens minted with the API token, and the connection's signing secret (admins). */
export const createWidgetSecrets = (context: WidgetContext) => {
  const { db, presence } = context

  /** `POST /widget/tokens` (the caller proved the API token before this runs). */
  const mintToken = async (input: TokenInput): Promise<WidgetTokenResponse> => {
    const { webChat } = await context.connection(input.connectionId)
    if ('ticketId' in input) {
      const ticket = await findTicket(db, input.ticketId)
      if (!ticket || ticket.whatsappId !== input.connectionId) throw new AppError('ERR_NO_TICKET_FOUND', 404)
      if (!(await userByEmail(db, input.userEmail))) throw fieldError('userEmail', 'validation.invalid')
      return signPartnerToken(
        webChat.secret,
        input.connectionId,
        { ticketId: input.ticketId, userEmail: input.userEmail },
        input.expiresIn,
      )
    }
    const claims = {
      sub: input.identifier,
      ...(input.name ? { name: input.name } : {}),
      ...(input.email ? { email: input.email } : {}),
    }
    return signPartnerToken(webChat.secret, input.connectionId, claims, input.expiresIn)
  }

  const secret = async (actor: Actor, connectionId: number): Promise<WidgetSecretResponse> => {
    requireAdmin(actor)
    const { webChat } = await context.connection(connectionId)
    return { secret: webChat.secret, rotatedAt: webChat.secretRotatedAt }
  }

  /**
   * A new secret: tokens signed with the old one are refused from now on, and every open session of
   * the connection ends (its frames hear `widget:expired` and open a new one: anonymous visitors with
   * their visitor token, which the secret does not sign; verified ones with a new partner token).
   */
  const rotateSecret = async (actor: Actor, connectionId: number): Promise<WidgetSecretResponse> => {
    requireAdmin(actor)
    const { webChat } = await context.connection(connectionId)
    const rotated = { ...webChat, secret: newWidgetSecret(), secretRotatedAt: nowIso() }
    await saveWebChat(db, connectionId, rotated)
    presence.endSessions(connectionId)
    return { secret: rotated.secret, rotatedAt: rotated.secretRotatedAt }
  }

  return { mintToken, secret, rotateSecret }
}
