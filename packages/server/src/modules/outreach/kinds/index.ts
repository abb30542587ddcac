import type { OutreachInputs } from '../../outreach-inputs/service'
import { bulkTextKind } from './bulk-text'
import { groupKinds } from './groups'
import { createMediaKinds } from './media'
import type { JobMediaCache } from './media-cache'
import { createSyncMessageKind } from './sync-message'
import type { JobKindHandler, KindRegistry } from './types'

export * from './types'

/** The kinds this server runs; SMS kinds add themselves here. */
export const defaultKinds = (inputs?: OutreachInputs, cache?: JobMediaCache): KindRegistry => {
  const kinds: KindRegistry = { bulkText: bulkTextKind as JobKindHandler, ...groupKinds }
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
