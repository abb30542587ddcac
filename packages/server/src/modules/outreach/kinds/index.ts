import { bulkTextKind } from './bulk-text'
import type { JobKindHandler, KindRegistry } from './types'

export * from './types'

/** The kinds this server runs; media, file, audio, group and SMS kinds add themselves here. */
export const defaultKinds = (): KindRegistry => ({ bulkText: bulkTextKind as JobKindHandler })
