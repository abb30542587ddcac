import type { InstagramProvider } from '@desk/api-client/contract'
import type { z } from 'zod'
import { z as zod } from 'zod'

/** An Instagram connection's settings as the modal takes them: a saved one says which secrets are set, never them. */
export interface InstagramSettings {
  provider: InstagramProvider
  accountId?: string | null
  /** Only in what the modal hands back, and only when typed. */
  accessToken?: string
  appSecret?: string
  verifyToken?: string
  /** The saved connection has its secrets: empty fields keep them. */
  saved?: boolean
  /** Where Meta posts (below the API's root), for a saved connection. */
  webhookPath?: string | null
}

export const instagramFormSchema = zod.object({
  provider: zod.enum(['graph', 'simulator']),
  accountId: zod.string(),
  accessToken: zod.string(),
  appSecret: zod.string(),
  verifyToken: zod.string(),
  saved: zod.boolean(),
  webhookPath: zod.string(),
})
export type InstagramFormValues = z.infer<typeof instagramFormSchema>

export const defaultInstagramForm = (): InstagramFormValues => ({
  provider: 'graph',
  accountId: '',
  accessToken: '',
  appSecret: '',
  verifyToken: '',
  saved: false,
  webhookPath: '',
})

export const toInstagramForm = (s: InstagramSettings): InstagramFormValues => ({
  ...defaultInstagramForm(),
  provider: s.provider,
  accountId: s.accountId ?? '',
  saved: s.saved ?? false,
  webhookPath: s.webhookPath ?? '',
})

/** What the modal hands back: empty secrets left out (a saved connection keeps its own). */
export const fromInstagramForm = (v: InstagramFormValues): InstagramSettings => {
  const filled = (value: string) => (value.trim() === '' ? undefined : value.trim())
  if (v.provider === 'simulator') return { provider: 'simulator' }
  return {
    provider: 'graph',
    accountId: filled(v.accountId) ?? null,
    accessToken: filled(v.accessToken),
    appSecret: filled(v.appSecret),
    verifyToken: filled(v.verifyToken),
  }
}

/** The official API needs the account id, and on a new connection its three secrets. */
export const checkInstagram = (v: InstagramFormValues, ctx: z.RefinementCtx) => {
  if (v.provider !== 'graph') return
  const required = ['accountId', ...(v.saved ? [] : (['accessToken', 'appSecret', 'verifyToken'] as const))] as const
  for (const key of required) {
    if (v[key].trim() === '') ctx.addIssue({ code: 'custom', path: ['instagram', key], message: 'validation.required' })
  }
  if (v.accountId.trim() !== '' && !/^\d+$/.test(v.accountId.trim())) {
    ctx.addIssue({ code: 'custom', path: ['instagram', 'accountId'], message: 'validation.invalid' })
  }
}
