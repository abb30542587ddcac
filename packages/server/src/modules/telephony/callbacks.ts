import { digitsOnly, isSmsOptOut, type MediaType } from '@desk/api-client'
import { type Db, nowIso } from '../../db'
import { callOutcomeOf, deliveryOf, type TelephonyDriver } from '../../drivers/telephony'
import { deliveryRank, findRecipientBySid, recordCallOutcome, recordDelivery } from './repository'

/** The empty TwiML answer to an inbound SMS: the desk answers from the conversation, not in the webhook. */
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>'

const mediaTypeOf = (mime: string): MediaType =>
  mime.startsWith('image/')
    ? 'image'
    : mime.startsWith('audio/')
      ? 'audio'
      : mime.startsWith('video/')
        ? 'video'
        : 'other'

const errorCodeOf = (fields: Record<string, string>) => fields.ErrorCode?.trim() || null

/** How long a report may wait for its send to be recorded (a report can overtake the send's own answer). */
const RECORD_WAIT_TRIES = 20
const RECORD_WAIT_MS = 100

/**
 * What each verified callback does: an inbound SMS becomes a message through the same inbound
 * path as WhatsApp (contact by number, ticket of this connection, queues, greeting, notifications)
 * and an opt-out keyword adds its sender to the opt-out list; a delivery report updates the job's
 * recipient (never backwards) and the conversation message's ack; a call's final status records
 * its outcome and duration once.
 */
export const createTelephonyCallbacks = ({ db, optOut }: { db: Db; optOut: (number: string) => Promise<void> }) => {
  /**
   * The job recipient a report is about. The provider may report before the job has written down the
   * id its send answered, so a report about an id not known yet waits a little for it.
   */
  const recipientOf = async (connectionId: number, sid: string) => {
    for (let i = 0; ; i++) {
      const found = await findRecipientBySid(db, connectionId, sid)
      if (found || i >= RECORD_WAIT_TRIES) return found
      await new Promise((resolve) => setTimeout(resolve, RECORD_WAIT_MS))
    }
  }

  /** A customer's SMS: an opt-out keyword first, then the message through the inbound flow (answers its outcome). */
  const receive = async (
    driver: TelephonyDriver,
    sms: { from: string; body: string; providerMessageId: string; media?: { data: Buffer; mimeType: string } },
  ) => {
    if (isSmsOptOut(sms.body)) await optOut(sms.from)
    return driver.events.inbound({
      providerMessageId: sms.providerMessageId,
      from: sms.from,
      isGroup: false,
      body: sms.body,
      mediaType: sms.media ? mediaTypeOf(sms.media.mimeType) : 'chat',
      ...(sms.media ? { media: sms.media } : {}),
    })
  }

  const inbound = async (driver: TelephonyDriver, fields: Record<string, string>) => {
    const from = digitsOnly(fields.From ?? '')
    const sid = fields.MessageSid ?? fields.SmsSid
    if (!from || !sid) return EMPTY_TWIML
    // An MMS: its first file (the text is kept as its caption); one that cannot be read leaves the text alone.
    const mediaUrl = Number(fields.NumMedia) > 0 ? fields.MediaUrl0 : undefined
    const media = mediaUrl
      ? ((await driver.provider?.fetchMedia?.(mediaUrl).catch(() => null)) ?? undefined)
      : undefined
    await receive(driver, { from, body: fields.Body ?? '', providerMessageId: sid, media })
    return EMPTY_TWIML
  }

  const smsStatus = async (driver: TelephonyDriver, fields: Record<string, string>) => {
    const sid = fields.MessageSid ?? fields.SmsSid
    const delivery = deliveryOf(fields.MessageStatus ?? fields.SmsStatus)
    if (!sid || !delivery) return
    // A message an agent sent from the conversation (or a job's copy of it): its ticks, or its failure.
    const applied =
      delivery === 'sent'
        ? await driver.events.ack(sid, 1)
        : delivery === 'delivered'
          ? await driver.events.ack(sid, 2)
          : delivery === 'undelivered' || delivery === 'failed'
            ? await driver.events.failed?.(sid)
            : undefined
    // A job's recipient; a message of the conversation alone is not one, and is not waited for.
    const recipient = applied
      ? await findRecipientBySid(db, driver.connectionId, sid)
      : await recipientOf(driver.connectionId, sid)
    if (recipient && deliveryRank(delivery) > deliveryRank(recipient.delivery)) {
      await recordDelivery(db, recipient.id, { delivery, providerError: errorCodeOf(fields) }, nowIso())
    }
  }

  const callStatus = async (connectionId: number, fields: Record<string, string>) => {
    const sid = fields.CallSid
    const callOutcome = callOutcomeOf(fields.CallStatus)
    if (!sid || !callOutcome) return
    const recipient = await recipientOf(connectionId, sid)
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

  return { receive, inbound, smsStatus, callStatus }
}
