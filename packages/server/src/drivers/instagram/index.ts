import type { InstagramConfigData } from '@desk/api-client'
import type { SimulatorNetwork } from '../simulator-network'
import type { DriverContext } from '../types'
import { InstagramDriver, type InstagramDriverDeps } from './driver'
import { createGraphProvider } from './graph'
import type { InstagramProvider } from './provider'
import { createSimulatedInstagram } from './simulated'

export { InstagramDriver, InstagramMediaUnsupportedError, mapInstagramMessaging } from './driver'
export { createGraphProvider } from './graph'
export { InstagramError, type InstagramProvider } from './provider'
export { simulatedIgsid } from './simulated'

export interface InstagramDriverOptions extends Partial<InstagramDriverDeps> {
  /** The Instagram API's root (`INSTAGRAM_API_BASE_URL`). */
  baseUrl?: string
  network: SimulatorNetwork
  igsidOf: InstagramDriverDeps['igsidOf']
}

/** The settings stored on an Instagram connection (secrets included). */
export type StoredInstagram = Partial<InstagramConfigData>

export const instagramSettingsOf = (config: unknown): StoredInstagram =>
  (config as { instagram?: StoredInstagram } | null)?.instagram ?? {}

/** The provider of a connection's settings, or null while they are incomplete. */
export const instagramProviderOf = (
  connectionId: number,
  settings: StoredInstagram,
  options: Pick<InstagramDriverOptions, 'baseUrl' | 'network'>,
): InstagramProvider | null => {
  if (settings.provider === 'simulator') return createSimulatedInstagram(connectionId, options.network)
  if (!settings.accountId || !settings.accessToken) return null
  return createGraphProvider(
    { accountId: settings.accountId, accessToken: settings.accessToken },
    { baseUrl: options.baseUrl },
  )
}

export const createInstagramDriver = (options: InstagramDriverOptions) => (context: DriverContext) => {
  const settings = instagramSettingsOf(context.config)
  return new InstagramDriver(
    context,
    instagramProviderOf(context.connectionId, settings, options),
    settings.accountId ?? null,
    {
      igsidOf: options.igsidOf,
      publicMedia: options.publicMedia ?? (async () => null),
    },
  )
}
