import type { WebChatConfig } from '@desk/api-client/contract'
import { z } from 'zod'
import { nameField } from '../../../internal/schemas'
import {
  type CloudApiSettings,
  checkCloudApi,
  cloudApiFormSchema,
  defaultCloudApiForm,
  fromCloudApiForm,
  toCloudApiForm,
} from './cloudApiForm'
import {
  checkInstagram,
  defaultInstagramForm,
  fromInstagramForm,
  type InstagramSettings,
  instagramFormSchema,
  toInstagramForm,
} from './instagramForm'
import {
  checkTelephony,
  defaultTelephonyForm,
  fromTelephonyForm,
  type TelephonySettings,
  telephonyFormSchema,
  toTelephonyForm,
} from './telephonyForm'
import { checkWebChat, defaultWebChatForm, fromWebChatForm, toWebChatForm, webChatFormSchema } from './webChatForm'

export type ConnectionDriver = 'simulator' | 'cloud-api' | 'web-session' | 'webchat' | 'telephony' | 'instagram'

/** What the modal hands back on submit. */
export interface ConnectionModalValues {
  name: string
  isDefault: boolean
  greetingMessage: string
  farewellMessage: string
  queueIds: number[]
  driver: ConnectionDriver
  /** A web chat's settings: given (and handed back) only when `driver` is `webchat`. */
  webChat?: WebChatConfig
  /**
   * A telephony connection's provider and settings: given only when `driver` is `telephony`. Handed back
   * without `authTokenHint`, and with `authToken` only when one was typed.
   */
  telephony?: TelephonySettings
  /** An Instagram connection's provider and settings: given only when `driver` is `instagram`; secrets only when typed. */
  instagram?: InstagramSettings
  /**
   * A WhatsApp Business Cloud API connection's settings: given only when `driver` is `cloud-api`. Handed
   * back with a secret only when one was typed, never the stored ones.
   */
  cloudApi?: CloudApiSettings
}

/** A greeting is needed to let the customer pick among several queues. */
export const connectionFormSchema = z
  .object({
    name: nameField(),
    isDefault: z.boolean(),
    greetingMessage: z.string(),
    farewellMessage: z.string(),
    queueIds: z.array(z.string()),
    driver: z.enum(['simulator', 'cloud-api', 'web-session', 'webchat', 'telephony', 'instagram']),
    webChat: webChatFormSchema,
    telephony: telephonyFormSchema,
    instagram: instagramFormSchema,
    cloudApi: cloudApiFormSchema,
  })
  .refine((v) => v.queueIds.length < 2 || v.greetingMessage.trim() !== '', {
    path: ['greetingMessage'],
    error: 'errors.ERR_WAPP_GREETING_REQUIRED',
  })
  .superRefine((v, ctx) => {
    if (v.driver === 'webchat') checkWebChat(v.webChat, ctx)
    if (v.driver === 'telephony') checkTelephony(v.telephony, ctx)
    if (v.driver === 'instagram') checkInstagram(v.instagram, ctx)
    if (v.driver === 'cloud-api') checkCloudApi(v.cloudApi, ctx)
  })

export type ConnectionFormValues = z.infer<typeof connectionFormSchema>

export const toFormValues = (v: Partial<ConnectionModalValues> = {}): ConnectionFormValues => ({
  name: v.name ?? '',
  isDefault: v.isDefault ?? false,
  greetingMessage: v.greetingMessage ?? '',
  farewellMessage: v.farewellMessage ?? '',
  queueIds: (v.queueIds ?? []).map(String),
  driver: v.driver ?? 'simulator',
  webChat: v.webChat ? toWebChatForm(v.webChat) : defaultWebChatForm(),
  telephony: v.telephony ? toTelephonyForm(v.telephony) : defaultTelephonyForm(),
  instagram: v.instagram ? toInstagramForm(v.instagram) : defaultInstagramForm(),
  cloudApi: v.cloudApi ? toCloudApiForm(v.cloudApi) : defaultCloudApiForm(),
})

export const fromFormValues = ({
  webChat,
  telephony,
  instagram,
  cloudApi,
  ...v
}: ConnectionFormValues): ConnectionModalValues => ({
  ...v,
  name: v.name.trim(),
  queueIds: v.queueIds.map(Number),
  ...(v.driver === 'webchat' ? { webChat: fromWebChatForm(webChat) } : {}),
  ...(v.driver === 'telephony' ? { telephony: fromTelephonyForm(telephony) } : {}),
  ...(v.driver === 'instagram' ? { instagram: fromInstagramForm(instagram) } : {}),
  ...(v.driver === 'cloud-api' ? { cloudApi: fromCloudApiForm(cloudApi) } : {}),
})
