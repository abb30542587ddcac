import { digitsOnly, isSmsOptOut } from '@desk/api-client'
import { type Db, nowIso } from '../../db'
import { callOutcomeOf, deliveryOf, type TelephonyDriver } from '../../drivers/telephony'
import { deliveryRank, findRecipientBySid, recordCallOutcome, recordDelivery } from './repository'

/** The empty TwiML answer to an inbound SMS: the desk answers from the conversation, not in the webhook. */
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>'

const errorCodeOf = (fields: Record<string, string>) => fields.ErrorCode?.trim() || null

/**
 * What each verified callback does: an inbound SMS becomes a message through the same inbound
 * path as WhatsApp (contact by number, ticket of this connection, queues, greeting, notifications)
 * and an opt-out keyword adds its sender to the opt-out list; a delivery report updates the job's
 * recipient (never backwards) and the conversation message's ack; a call's final status records
 * its outcome and duration once.
 */
export const createTelephonyCallbacks = ({ db, optOut }: { db: Db; optOut: (number: string) => Promise<void> }) => {
  const inbound = async (driver: TelephonyDriver, fields: Record<string, string>) => {
    const from = digitsOnly(fields.From ?? '')
    const sid = fields.MessageSid ?? fields.SmsSid
    if (!from || !sid) return EMPTY_TWIML
    const body = fields.Body ?? ''
    if (isSmsOptOut(body)) await optOut(from)
    await driver.events.inbound({
      providerMessageId: sid,
      from,
      isGroup: false,
      body,
      mediaType: 'chat',
    })
    return EMPTY_TWIML
  }

  const smsStatus = async (driver: TelephonyDriver, fields: Record<string, string>) => {
    const sid = fields.MessageSid ?? fields.SmsSid
    const delivery = deliveryOf(fields.MessageStatus ?? fields.SmsStatus)
    if (!sid || !delivery) return
    const recipient = await findRecipientBySid(db, driver.connectionId, sid)
    if (recipient && deliveryRank(delivery) > deliveryRank(recipient.delivery)) {
      await recordDelivery(db, recipient.id, { delivery, providerError: errorCodeOf(fields) }, nowIso())
    }
    // A message an agent sent from the conversation: its ticks, or its failure.
    if (delivery === 'sent') await driver.events.ack(sid, 1)
    else if (delivery === 'delivered') await driver.events.ack(sid, 2)
    else if (delivery === 'undelivered' || delivery === 'failed') await driver.events.failed?.(sid)
  }

  const callStatus = async (connectionId: number, fields: Record<string, string>) => {
    const sid = fields.CallSid
    const callOutcome = callOutcomeOf(fields.CallStatus)
    if (!sid || !callOutcome) return
    const recipient = await findRecipientBySid(db, connectionId, sid)
    if (!recipient) return
    const seconds = Number(fields.CallDuration)
    await recordCallOutcome(
      db,
      recipient.id,
      {
        callOutcome,
        callDuration: Number.isInteger(seconds) && seconds >= 0 ? seconds : null,
        providerError: errorCodeOf(fields),
      },
      nowIso(),
    )
  }

  return { inbound, smsStatus, callStatus }
}
