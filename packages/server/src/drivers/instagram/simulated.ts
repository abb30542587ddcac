import { createHash, randomUUID } from 'node:crypto'
import { normalUsername } from '@desk/api-client'
import type { SimulatorNetwork } from '../simulator-network'
import type { InstagramImage, InstagramProvider, InstagramSendOptions } from './provider'

/** The Instagram-scoped id the simulated network gives a user name on a connection (the same every time). */
export const simulatedIgsid = (connectionId: number, username: string) => {
  const hash = createHash('sha256')
    .update(`${connectionId}:${normalUsername(username)}`)
    .digest()
  return `1784${hash.readBigUInt64BE(0).toString().padStart(20, '0').slice(0, 13)}`
}

/**
 * The Instagram simulator: every message is written to the durable simulated network's outbox (which tests
 * and demos read) with no account; a reply in the human-agent window is marked `[HUMAN_AGENT]` there, as the
 * tag travels with the real one.
 */
export const createSimulatedInstagram = (connectionId: number, network: SimulatorNetwork): InstagramProvider => {
  const record = (kind: 'text' | 'media', to: string, body: string, extra: Partial<InstagramImage> = {}) => {
    const id = `simig_${randomUUID().replace(/-/g, '')}`
    network.record(connectionId, {
      providerMessageId: id,
      messageId: null,
      kind,
      to,
      body,
      mediaType: kind === 'media' ? 'image' : 'chat',
      fileName: extra.fileName ?? null,
      mimeType: extra.mimeType ?? null,
      ack: 1,
      createdAt: new Date().toISOString(),
    })
    return id
  }
  const tagged = (body: string, options?: InstagramSendOptions) =>
    options?.humanAgent ? `[HUMAN_AGENT] ${body}` : body

  return {
    name: 'simulator',
    async sendText(igsid, text, options) {
      return record('text', igsid, tagged(text, options))
    },
    async sendImage(igsid, image, options) {
      return record('media', igsid, tagged('', options).trim(), image)
    },
    async profile() {
      return null
    },
    async fetchMedia() {
      return null
    },
  }
}
