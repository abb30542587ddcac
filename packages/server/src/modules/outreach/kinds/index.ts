import type { Locale } from '@desk/api-client'
import type { Executor } from '../../../db'
import type { OutreachInputs } from '../../outreach-inputs/service'
import { bulkTextKind } from './bulk-text'
import { createDirectKind } from './direct'
import { groupKinds } from './groups'
import { createMediaKinds } from './media'
import type { JobMediaCache } from './media-cache'
import { createSyncMessageKind } from './sync-message'
import { createVoiceCallKind, smsKind } from './telephony'
import type { JobKindHandler, KindRegistry } from './types'

export * from './types'

/** The kinds this server runs. */
export const defaultKinds = (
  inputs?: OutreachInputs,
  cache?: JobMediaCache,
  /** The desk's language, which calls speak in (English when not given). */
  deskLanguage: () => Promise<Locale> = async () => 'en',
  /** The database, which Instagram direct jobs read each customer's reply window from. */
  db?: Executor,
): KindRegistry => {
  const kinds: KindRegistry = {
    ...(db ? { direct: createDirectKind(db) as JobKindHandler } : {}),
    bulkText: bulkTextKind as JobKindHandler,
    sms: smsKind as JobKindHandler,
    voiceCall: createVoiceCallKind(deskLanguage) as JobKindHandler,
    ...groupKinds,
  }
  if (!inputs || !cache) return kinds
  const media = createMediaKinds(inputs, cache)
  return {
    ...kinds,
    bulkMedia: media.bulkMedia as JobKindHandler,
    bulkFile: media.bulkFile as JobKindHandler,
    bulkAudio: media.bulkAudio as JobKindHandler,
    syncMessage: createSyncMessageKind(inputs) as JobKindHandler,
  }
}
