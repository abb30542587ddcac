import { pathOf, type TelephonyConfigData } from '@desk/api-client'
import type { SimulatorNetwork } from '../simulator-network'
import type { DriverContext } from '../types'
import { type PublicMedia, TelephonyDriver } from './driver'
import type { TelephonyProvider } from './provider'
import { createSimulatedProvider, type SimulatedReport } from './simulated'
import { createTwilioProvider } from './twilio'

export { e164, MmsUnsupportedError, TelephonyDriver } from './driver'
export { callOutcomeOf, deliveryOf, TelephonyError, type TelephonyProvider } from './provider'
export { createTwilioProvider } from './twilio'
export { sayTwiml } from './twiml'

export interface TelephonyDriverOptions {
  /** Twilio's API root (`TWILIO_API_BASE_URL`). */
  twilioBaseUrl?: string
  /** The desk's public address (`PUBLIC_URL`): without one the provider cannot post delivery reports. */
  publicUrl?: string
  network: SimulatorNetwork
  /** The simulator's reports, handled as the real provider's callbacks are. */
  simulatedReport: (connectionId: number, ...report: Parameters<SimulatedReport>) => void
  publicMedia?: PublicMedia
}

/** The settings stored on a telephony connection. */
export const telephonySettingsOf = (config: unknown): Partial<TelephonyConfigData> | undefined =>
  (config as { telephony?: Partial<TelephonyConfigData> } | null)?.telephony

/** The provider of a connection's settings, or null while they are incomplete. */
export const providerOf = (
  connectionId: number,
  settings: Partial<TelephonyConfigData> | undefined,
  options: TelephonyDriverOptions,
): TelephonyProvider | null => {
  if (settings?.provider === 'simulator') {
    if (!settings.fromNumber) return null
    return createSimulatedProvider(connectionId, options.network, (...report) =>
      options.simulatedReport(connectionId, ...report),
    )
  }
  if (settings?.provider === 'twilio') {
    if (!settings.accountSid || !settings.authToken || !(settings.fromNumber || settings.messagingServiceSid))
      return null
    return createTwilioProvider(
      {
        accountSid: settings.accountSid,
        authToken: settings.authToken,
        fromNumber: settings.fromNumber,
        messagingServiceSid: settings.messagingServiceSid,
      },
      { baseUrl: options.twilioBaseUrl },
    )
  }
  return null
}

/** The absolute address of one of a connection's callbacks, as the provider posts to it. */
export const callbackUrl = (
  publicUrl: string | undefined,
  connectionId: number,
  kind: 'sms' | 'sms-status' | 'call-status',
): string | null => {
  if (!publicUrl) return null
  const name =
    kind === 'sms' ? 'telephonyInbound' : kind === 'sms-status' ? 'telephonySmsStatus' : 'telephonyCallStatus'
  return `${publicUrl.replace(/\/+$/, '')}/api${pathOf(name, { connectionId })}`
}

export const createTelephonyDriver = (options: TelephonyDriverOptions) => (context: DriverContext) =>
  new TelephonyDriver(
    context,
    providerOf(context.connectionId, telephonySettingsOf(context.config), options),
    (kind) => callbackUrl(options.publicUrl, context.connectionId, kind),
    options.publicMedia ?? (async () => null),
  )
