import { createHash } from 'node:crypto'
import type { WidgetSessionRequest as SessionSchema, WidgetConfig, WidgetSession } from '@desk/api-client'
import type { z } from 'zod'
import { AppError } from '../../http/errors'
import { requireTicketAccess } from '../tickets/access'
import { findTicket } from '../tickets/repository'
import type { Actor } from '../users/access'
import { normaliseProfile } from '../users/repository'
import type { WidgetContext } from './caller'
import { createWidgetSecrets } from './partner'
import { contactOfIdentity, liveTicketOf, userByEmail } from './repository'
import { secretGeneration } from './settings'
import { tokenInvalid, verifyPartnerToken } from './tokens'

type SessionInput = z.output<typeof SessionSchema>

/** Contacts' names are 2 to 50 characters in the desk's forms. */
const contactName = (candidates: Array<string | undefined | null>, fallback: string) => {
  const name = candidates.map((c) => c?.trim().slice(0, 50) ?? '').find((c) => c.length >= 2)
  return name ?? fallback
}
/** The name the desk makes up for a visitor who gave none (an empty name the visitor may still fill). */
export const visitorLabel = (seed: string) => `Visitor ${createHash('sha256').update(seed).digest('hex').slice(0, 4)}`

/**
 * The widget's public side: its configuration and sessions (partner tokens, anonymous visitors,
 * partner users); with the tokens minted with the API token and the admins' secret (`./partner`).
 *
 * Agent mode reads: the token's `userEmail` must be a desk user who may see the ticket by the
 * desk's own rules (the widget never shows more than the desk would), and the ticket must be on
 * the token's connection. Only the ticket's assignee may reply (`canReply`), administrators
 * included: a portal shows one person's conversation, and replying there is that person's.
 */
export const createWidgetService = (context: WidgetContext) => {
  const { db, tokens, presence, rateLimits } = context

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
    // The contact waits for the visitor's first message (`./visitor-contact`): a returning one has it.
    const contact = await contactOfIdentity(db, connectionId, identity)
    const signed = await tokens.signSession({ cid: connectionId, gen, mode: 'customer', identity, seed })
    return {
      ...signed,
      mode: 'customer',
      visitorToken,
      contact: { id: contact?.id ?? null, name: contact?.name ?? seed.name },
      ticketId: contact ? await liveTicketOf(db, connectionId, contact.id) : null,
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

  /**
   * `POST /widget/:connectionId/session`: counted per address before anything is read; a new anonymous
   * visitor (no visitor token) counts once more, against the new visitors an address may start an hour.
   */
  const session = async (connectionId: number, input: SessionInput, ip: string): Promise<WidgetSession> => {
    await rateLimits.widget.session(ip)
    const connection = await context.connection(connectionId)
    const { webChat } = connection
    const gen = secretGeneration(webChat.secret)
    if (input.token) {
      const claims = await verifyPartnerToken(input.token, webChat.secret, connectionId)
      if ('ticketId' in claims) return agentSession(connectionId, gen, claims.ticketId, claims.userEmail)
      const identity = `id:${claims.sub}`
      const seed = {
        name: contactName([claims.name, claims.email], visitorLabel(identity)),
        email: claims.email || null,
      }
      return visitorSession(connectionId, gen, identity, seed, null)
    }
    if (webChat.verifiedOnly) throw new AppError('ERR_WIDGET_VERIFIED_ONLY', 403)
    let visitorId: string
    let visitorToken: string
    if (input.visitorToken) {
      visitorId = await tokens.verifyVisitor(input.visitorToken, connectionId)
      visitorToken = input.visitorToken
    } else {
      await rateLimits.widget.newVisitor(ip)
      ;({ visitorId, visitorToken } = await tokens.newVisitor(connectionId))
    }
    const identity = `anon:${visitorId}`
    const seed = { name: contactName([input.name], visitorLabel(identity)), email: input.email || null }
    return visitorSession(connectionId, gen, identity, seed, visitorToken)
  }

  return { config, session, ...createWidgetSecrets(context), caller: context.caller }
}

export type WidgetService = ReturnType<typeof createWidgetService>
