import { createHash } from 'node:crypto'
import type {
  WidgetSessionRequest as SessionSchema,
  WidgetTokenRequest as TokenSchema,
  WidgetConfig,
  WidgetSecretResponse,
  WidgetSession,
  WidgetTokenResponse,
} from '@desk/api-client'
import type { z } from 'zod'
import { nowIso } from '../../db'
import { AppError, fieldError } from '../../http/errors'
import { requireTicketAccess } from '../tickets/access'
import { findTicket } from '../tickets/repository'
import { type Actor, requireAdmin } from '../users/access'
import { normaliseProfile } from '../users/repository'
import type { WidgetContext } from './caller'
import { findOrCreateVisitor, liveTicketOf, saveWebChat, userByEmail } from './repository'
import { newWidgetSecret, secretGeneration } from './settings'
import { signPartnerToken, tokenInvalid, verifyPartnerToken } from './tokens'

type SessionInput = z.output<typeof SessionSchema>
type TokenInput = z.output<typeof TokenSchema>

/** Contacts' names are 2 to 50 characters in the desk's forms. */
const contactName = (candidates: Array<string | undefined | null>, fallback: string) => {
  const name = candidates.map((c) => c?.trim().slice(0, 50) ?? '').find((c) => c.length >= 2)
  return name ?? fallback
}
const visitorLabel = (seed: string) => `Visitor ${createHash('sha256').update(seed).digest('hex').slice(0, 4)}`

/**
 * The widget's public side: its configuration, sessions (partner tokens, anonymous visitors,
 * partner users), tokens minted with the API token, and the admins' secret.
 *
 * Agent mode reads: the token's `userEmail` must be a desk user who may see the ticket by the
 * desk's own rules (the widget never shows more than the desk would), and the ticket must be on
 * the token's connection. Only the ticket's assignee may reply (`canReply`), administrators
 * included: a portal shows one person's conversation, and replying there is that person's.
 */
export const createWidgetService = (context: WidgetContext) => {
  const { db, tokens, presence, publisher, rateLimits } = context

  const config = async (connectionId: number): Promise<WidgetConfig> => {
    const connection = await context.connection(connectionId)
    const { allowedOrigins, verifiedOnly, offlineEmail, theme } = connection.webChat
    return {
      connectionId,
      name: connection.name,
      allowedOrigins,
      verifiedOnly,
      offlineEmail,
      theme,
      online: await presence.online(connectionId),
    }
  }

  const visitorSession = async (
    connectionId: number,
    gen: string,
    identity: string,
    seed: { name: string; email: string | null },
    visitorToken: string | null,
  ): Promise<WidgetSession> => {
    const { contact, created } = await findOrCreateVisitor(db, connectionId, identity, seed)
    if (created) publisher.contact({ action: 'create', contact: { ...contact, number: null, profilePicUrl: null } })
    const signed = await tokens.signSession({ cid: connectionId, gen, mode: 'customer', contactId: contact.id })
    return {
      ...signed,
      mode: 'customer',
      visitorToken,
      contact: { id: contact.id, name: contact.name },
      ticketId: await liveTicketOf(db, connectionId, contact.id),
      canReply: true,
      user: null,
    }
  }

  const agentSession = async (connectionId: number, gen: string, ticketId: number, userEmail: string) => {
    const user = await userByEmail(db, userEmail)
    if (!user) throw tokenInvalid('The token names no desk user')
    const actor: Actor = { id: user.id, name: user.name, profile: normaliseProfile(user.profile) }
    const ticket = await findTicket(db, ticketId)
    if (!ticket || ticket.whatsappId !== connectionId) throw tokenInvalid('The ticket is not on this connection')
    await requireTicketAccess(db, actor, ticket, 'read')
    const signed = await tokens.signSession({ cid: connectionId, gen, mode: 'agent', ticketId, userId: user.id })
    return {
      ...signed,
      mode: 'agent' as const,
      visitorToken: null,
      contact: { id: ticket.contact.id, name: ticket.contact.name },
      ticketId,
      canReply: ticket.userId === user.id,
      user: { id: user.id, name: user.name },
    }
  }

  /** `POST /widget/:connectionId/session`: counted per address before anything is read. */
  const session = async (connectionId: number, input: SessionInput, ip: string): Promise<WidgetSession> => {
    await rateLimits.widget.session(ip)
    const connection = await context.connection(connectionId)
    const { webChat } = connection
    const gen = secretGeneration(webChat.secret)
    if (input.token) {
      const claims = await verifyPartnerToken(input.token, webChat.secret, connectionId)
      if ('ticketId' in claims) return agentSession(connectionId, gen, claims.ticketId, claims.userEmail)
      const identity = `id:${claims.sub}`
      const label = visitorLabel(identity)
      const session = await visitorSession(
        connectionId,
        gen,
        identity,
        { name: contactName([claims.name, claims.email], label), email: claims.email ?? null },
        null,
      )
      return session
    }
    if (webChat.verifiedOnly) throw new AppError('ERR_WIDGET_VERIFIED_ONLY', 403)
    let visitorId: string
    let visitorToken: string
    if (input.visitorToken) {
      visitorId = await tokens.verifyVisitor(input.visitorToken, connectionId)
      visitorToken = input.visitorToken
    } else {
      ;({ visitorId, visitorToken } = await tokens.newVisitor(connectionId))
    }
    const identity = `anon:${visitorId}`
    const seed = { name: contactName([input.name], visitorLabel(identity)), email: input.email ?? null }
    return visitorSession(connectionId, gen, identity, seed, visitorToken)
  }

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

  return { config, session, mintToken, secret, rotateSecret, caller: context.caller }
}

export type WidgetService = ReturnType<typeof createWidgetService>
