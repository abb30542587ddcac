import {
  type CloudApiConfig,
  type CloudApiConfigPublic,
  CloudApiConfig as CloudApiConfigSchema,
  CloudApiConfigUpdate,
} from '@desk/api-client/contract'
import { z } from 'zod'
import { V } from '../../../internal/schemas'

/**
 * A Cloud API connection's settings as the modal takes them: a saved one says which secrets are stored
 * (`hasAccessToken` …) and never shows them. What the modal hands back carries a secret only when typed.
 */
export interface CloudApiSettings {
  phoneNumberId?: string | null
  businessAccountId?: string | null
  /** Only in what the modal hands back, and only when typed. */
  accessToken?: string
  verifyToken?: string
  appSecret?: string
  /** From a saved connection's answer: which secrets are stored (an empty field then keeps them). */
  hasAccessToken?: boolean
  hasVerifyToken?: boolean
  hasAppSecret?: boolean
  /** From a saved connection's answer: the path to register as the webhook's callback URL. */
  webhookPath?: string | null
}

export const cloudApiFormSchema = z.object({
  phoneNumberId: z.string(),
  accessToken: z.string(),
  verifyToken: z.string(),
  appSecret: z.string(),
  businessAccountId: z.string(),
  /** A saved connection: its secrets are stored, so empty fields keep them. */
  saved: z.boolean(),
  webhookPath: z.string(),
})
export type CloudApiFormValues = z.infer<typeof cloudApiFormSchema>

export const defaultCloudApiForm = (): CloudApiFormValues => ({
  phoneNumberId: '',
  accessToken: '',
  verifyToken: '',
  appSecret: '',
  businessAccountId: '',
  saved: false,
  webhookPath: '',
})

export const toCloudApiForm = (s: CloudApiSettings | CloudApiConfigPublic): CloudApiFormValues => ({
  ...defaultCloudApiForm(),
  phoneNumberId: s.phoneNumberId ?? '',
  businessAccountId: s.businessAccountId ?? '',
  saved: Boolean(s.hasAccessToken || s.hasVerifyToken || s.hasAppSecret),
  webhookPath: s.webhookPath ?? '',
})

/** The settings as the modal hands them back: trimmed, a secret only when typed, an empty account id left out. */
export const fromCloudApiForm = (v: CloudApiFormValues): CloudApiSettings => {
  const filled = (value: string) => (value.trim() === '' ? undefined : value.trim())
  return {
    phoneNumberId: v.phoneNumberId.trim(),
    accessToken: filled(v.accessToken),
    verifyToken: filled(v.verifyToken),
    appSecret: filled(v.appSecret),
    businessAccountId: filled(v.businessAccountId),
  }
}

/** The contract's create body part (`cloudApi`) from what the modal handed back. */
export const cloudApiConfigOf = (s: CloudApiSettings): CloudApiConfig => ({
  phoneNumberId: s.phoneNumberId ?? '',
  accessToken: s.accessToken ?? '',
  verifyToken: s.verifyToken ?? '',
  appSecret: s.appSecret ?? '',
  businessAccountId: s.businessAccountId ?? undefined,
})

/**
 * The contract's rules over the Cloud API fields, each mistake on its field: a new connection needs the
 * phone number id and the three secrets; a saved one keeps a secret whose field stays empty.
 */
export function checkCloudApi(v: CloudApiFormValues, ctx: z.RefinementCtx) {
  const settings = fromCloudApiForm(v)
  const result = v.saved
    ? CloudApiConfigUpdate.safeParse(settings)
    : CloudApiConfigSchema.safeParse(cloudApiConfigOf(settings))
  for (const issue of result.success ? [] : result.error.issues) {
    ctx.addIssue({ code: 'custom', path: ['cloudApi', ...issue.path], message: issue.message })
  }
  if (v.saved && settings.phoneNumberId === '') {
    ctx.addIssue({ code: 'custom', path: ['cloudApi', 'phoneNumberId'], message: V.required })
  }
}
