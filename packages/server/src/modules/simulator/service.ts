import { randomUUID } from 'node:crypto'
import {
  digitsOnly,
  type SimulatorAckRequest,
  type SimulatorAckResponse,
  type SimulatorInboundData,
  type SimulatorInboundResponse,
} from '@desk/api-client'
import type { Db } from '../../db'
import { SimulatorDriver } from '../../drivers/simulator'
import type { SimulatorNetwork } from '../../drivers/simulator-network'
import type { DeviceContact, HistoryConversation, MessagingDriver } from '../../drivers/types'
import { AppError } from '../../http/errors'
import { findConnectionDriver, parseConfig } from '../connections/repository'
import type { SessionManager } from '../connections/sessions'
import { type Actor, requireAdmin } from '../users/access'
import { findProviderMessageId } from './repository'

const notInitialized = (message: string) => new AppError('ERR_WAPP_NOT_INITIALIZED', 400, undefined, message)
const noSentMessage = () => new AppError('ERR_NOT_FOUND', 404, undefined, 'No sent message with this id')

const checked: unique symbol = Symbol('simulator target')

/** A connection id an admin named: only `authorize` makes one, so every call below is admin-only. */
export interface SimulatorTarget {
  readonly connectionId: number
  readonly [checked]: true
}

/**
 * Control calls of the simulator driver, for tests and demos: admin-only, and only for
 * connections whose driver is the simulator (others answer 404 ERR_NO_WAPP_FOUND).
 */
export const createSimulatorService = ({
  db,
  sessions,
  network,
  telephonyInbound,
}: {
  db: Db
  sessions: SessionManager
  network: SimulatorNetwork
  /** A customer's SMS to a telephony connection on the simulated network. */
  telephonyInbound?: (
    connectionId: number,
    sms: { from: string; body: string; providerMessageId: string },
  ) => Promise<unknown>
}) => {
  /** Admins only; `connectionId` is read (and checked) only once the caller is known to be one. */
  const authorize = (actor: Actor, connectionId: () => number): SimulatorTarget => {
    requireAdmin(actor)
    return { connectionId: connectionId(), [checked]: true }
  }

  /**
   * The simulated phone as this process serves it: the stored session is the truth, so a QR code shown
   * through another process is scanned here, and a phone connected there writes here too.
   */
  /** Whether the connection is a telephony one whose provider is the simulator (its outbox and customers are here too). */
  const simulatedTelephony = async (connectionId: number) => {
    const row = await findConnectionDriver(db, connectionId)
    return row?.driver === 'telephony' && parseConfig(row.config).telephony?.provider === 'simulator'
  }

  /** Whether the connection is an Instagram one on the Simulator provider (its outbox is the network's too). */
  const simulatedInstagram = async (connectionId: number) => {
    const row = await findConnectionDriver(db, connectionId)
    return row?.driver === 'instagram' && parseConfig(row.config).instagram?.provider === 'simulator'
  }

  /** `served`: the connection's driver in this process, when the caller has just asked for it. */
  const simulatorOf = async ({ connectionId }: SimulatorTarget, served?: MessagingDriver) => {
    const driver = served ?? (await sessions.driver(connectionId))
    if (driver instanceof SimulatorDriver) return driver
    const row = await findConnectionDriver(db, connectionId)
    if (row?.driver !== 'simulator') {
      throw new AppError('ERR_NO_WAPP_FOUND', 404, undefined, 'No simulator connection with this id')
    }
    return undefined
  }

  const connected = async (target: SimulatorTarget, served?: MessagingDriver) => {
    const driver = await simulatorOf(target, served)
    if (!driver?.isConnected()) throw notInitialized('The simulated phone is not connected')
    return driver
  }

  /** The phone scans the QR code on screen. */
  const scan = async (target: SimulatorTarget) => {
    const driver = await simulatorOf(target)
    if (!driver?.isPairing()) throw notInitialized('There is no QR code to scan; start the session first')
    await driver.scan()
    return sessions.session(target.connectionId)
  }

  /** A customer writes (a file comes as base64). */
  const inbound = async (target: SimulatorTarget, input: SimulatorInboundData) => {
    // A simulated phone this process serves is no telephony line: its connection is not read again.
    const served = await sessions.driver(target.connectionId)
    if (!(served instanceof SimulatorDriver) && telephonyInbound && (await simulatedTelephony(target.connectionId))) {
      const providerMessageId = input.providerMessageId ?? `SMSIM${randomUUID().replace(/-/g, '')}`
      const sms = { from: input.from, body: input.body, providerMessageId }
      return (await telephonyInbound(target.connectionId, sms)) as SimulatorInboundResponse
    }
    const driver = await connected(target, served)
    // The driver's event sink answers `unknown`; the inbound service answers this contract shape.
    return (await driver.receive({
      providerMessageId: input.providerMessageId,
      from: input.from,
      name: input.name,
      isGroup: input.isGroup,
      groupId: input.groupId,
      groupName: input.groupName,
      body: input.body,
      mediaType: input.mediaType,
      media: input.mediaBase64
        ? { data: Buffer.from(input.mediaBase64, 'base64'), fileName: input.fileName }
        : undefined,
    })) as SimulatorInboundResponse
  }

  /** What the desk sent, to one customer or to all: kept by the network, whether the phone is on or not. */
  const outbox = async (target: SimulatorTarget, to: string | undefined) => {
    if (!(await simulatedTelephony(target.connectionId)) && !(await simulatedInstagram(target.connectionId))) {
      await simulatorOf(target)
    }
    return network.outbox(target.connectionId, to)
  }

  /** The customer's phone acknowledges a message the desk sent (by desk id or network id). */
  const ack = async (target: SimulatorTarget, input: SimulatorAckRequest) => {
    const driver = await connected(target)
    const providerMessageId = await findProviderMessageId(db, target.connectionId, input.messageId)
    if (!providerMessageId) throw noSentMessage()
    // The driver's event sink answers `unknown`; the ack handler answers the updated message.
    const message = (await driver.ack(providerMessageId, input.ack)) as SimulatorAckResponse | undefined
    if (!message) throw noSentMessage()
    return message
  }

  /**
   * The phone's address book, and numbers the network does not know. On a simulated telephony line
   * those numbers never receive an SMS (undelivered) nor answer a call (no answer).
   */
  const setPhoneBook = async (target: SimulatorTarget, contacts: DeviceContact[], unregistered: string[]) => {
    if (await simulatedTelephony(target.connectionId)) {
      network.setPhoneBook(
        target.connectionId,
        contacts.map(({ number, name }) => ({ number: digitsOnly(number), name })),
        unregistered.map(digitsOnly),
      )
    } else {
      const driver = await connected(target)
      driver.setPhoneBook(contacts, unregistered)
    }
    return { contacts: contacts.length, unregistered: unregistered.length }
  }

  /** The chats the phone holds, which a history import reads (replacing those set before). */
  const setHistory = async (target: SimulatorTarget, conversations: HistoryConversation[]) => {
    const driver = await connected(target)
    driver.setHistory(conversations)
    return { conversations: conversations.length, messages: conversations.reduce((n, c) => n + c.messages.length, 0) }
  }

  /** The phone goes away. */
  const drop = async (target: SimulatorTarget) => {
    const driver = await connected(target)
    await driver.drop()
    return sessions.session(target.connectionId)
  }

  return { authorize, scan, inbound, outbox, ack, setPhoneBook, setHistory, drop }
}

export type SimulatorService = ReturnType<typeof createSimulatorService>
