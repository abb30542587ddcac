import type { CloudChangeValue } from '@desk/api-client'
import { signCloudBody } from '../../src/drivers/cloud-api'
import type { Client } from './server'

/** A Cloud API webhook body holding one `messages` change for a phone number id. */
export const cloudChange = (value: Partial<CloudChangeValue>, phoneNumberId: string) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: 'WABA1',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550001111', phone_number_id: phoneNumberId },
            ...value,
          },
        },
      ],
    },
  ],
})

/** A customer's text message as the Cloud API delivers it. */
export const cloudText = (
  phoneNumberId: string,
  message: { from: string; id: string; body: string; name?: string },
): ReturnType<typeof cloudChange> =>
  cloudChange(
    {
      contacts: [{ wa_id: message.from, profile: { name: message.name ?? 'Maria' } }],
      messages: [
        { from: message.from, id: message.id, timestamp: '1700000000', type: 'text', text: { body: message.body } },
      ],
    },
    phoneNumberId,
  )

/**
 * Posts a body to a connection's Meta webhook (the Cloud API's or Instagram's) without a session, signed with the
 * app secret: `signature` null sends no signature, any other text is sent as the header as it is.
 */
export const postMetaWebhook = (
  via: Client,
  route: 'webhookReceive' | 'instagramWebhookReceive',
  connectionId: number,
  payload: unknown,
  appSecret: string,
  signature: string | null = signCloudBody(JSON.stringify(payload), appSecret),
) => {
  const raw = JSON.stringify(payload)
  const headers: Record<string, string> = signature === null ? {} : { 'x-hub-signature-256': signature }
  return via.call(route, { params: { connectionId }, raw, headers, token: null })
}

/** Posts a webhook body to a connection's Cloud API webhook, signed with the app secret, without a session. */
export const deliverCloud = (via: Client, connectionId: number, payload: unknown, appSecret: string) =>
  postMetaWebhook(via, 'webhookReceive', connectionId, payload, appSecret)
