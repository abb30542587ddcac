import {
  DEFAULT_WIDGET_THEME,
  safeText,
  WebChatConfig,
  WidgetIcon,
  WidgetPosition,
  WidgetThemeMode,
} from '@desk/api-client/contract'
import { z } from 'zod'
import { V } from '../../../internal/schemas'

/**
 * A web chat's fields in the connection form. The origins are objects (`{ value }`) so the list editor
 * can key its rows; the rules are the contract's `WebChatConfig`, checked only for the `webchat` driver.
 */
export const webChatFormSchema = z.object({
  allowedOrigins: z.array(z.object({ value: safeText() })),
  verifiedOnly: z.boolean(),
  offlineEmail: z.boolean(),
  theme: z.object({
    primaryColor: safeText(),
    mode: WidgetThemeMode,
    position: WidgetPosition,
    launcherText: safeText(),
    launcherIcon: WidgetIcon,
  }),
})
export type WebChatFormValues = z.infer<typeof webChatFormSchema>

/** A new web chat: one empty origin to fill, anonymous visitors allowed, the desk's own look. */
export const defaultWebChatForm = (): WebChatFormValues => ({
  allowedOrigins: [{ value: '' }],
  verifiedOnly: false,
  offlineEmail: true,
  theme: { ...DEFAULT_WIDGET_THEME },
})

export const toWebChatForm = (config: WebChatConfig): WebChatFormValues => ({
  allowedOrigins: config.allowedOrigins.map((value) => ({ value })),
  verifiedOnly: config.verifiedOnly,
  offlineEmail: config.offlineEmail,
  theme: { ...DEFAULT_WIDGET_THEME, ...config.theme },
})

const asConfig = (v: WebChatFormValues) => ({ ...v, allowedOrigins: v.allowedOrigins.map((o) => o.value) })

/** The settings as the contract stores them (origins trimmed, lower-case, no trailing slash). */
export const fromWebChatForm = (v: WebChatFormValues): WebChatConfig => WebChatConfig.parse(asConfig(v))

/** Message codes of the origin list that say more than the contract's "Invalid value". */
export const ORIGIN_MESSAGES = {
  invalid: 'connectionModal.webChat.originInvalid',
  duplicate: 'connectionModal.webChat.originDuplicate',
  tooMany: 'connectionModal.webChat.originsTooMany',
} as const

/** The contract's rules over the web chat fields, each mistake on its field (an origin on its row). */
export function checkWebChat(v: WebChatFormValues, ctx: z.RefinementCtx) {
  const result = WebChatConfig.safeParse(asConfig(v))
  for (const issue of result.success ? [] : result.error.issues) {
    const [key, index] = issue.path
    if (key === 'allowedOrigins' && typeof index === 'number') {
      const empty = v.allowedOrigins[index]?.value.trim() === ''
      const message = empty ? V.required : issue.message === V.invalid ? ORIGIN_MESSAGES.invalid : issue.message
      ctx.addIssue({ code: 'custom', path: ['webChat', 'allowedOrigins', index, 'value'], message })
    } else if (key === 'allowedOrigins') {
      const message = issue.message === V.tooLong ? ORIGIN_MESSAGES.tooMany : issue.message
      ctx.addIssue({ code: 'custom', path: ['webChat', 'allowedOrigins'], message })
    } else {
      ctx.addIssue({ code: 'custom', path: ['webChat', ...issue.path], message: issue.message })
    }
  }
  const seen = new Set<string>()
  v.allowedOrigins.forEach(({ value }, index) => {
    const origin = value.trim().toLowerCase().replace(/\/$/, '')
    if (origin && seen.has(origin)) {
      ctx.addIssue({
        code: 'custom',
        path: ['webChat', 'allowedOrigins', index, 'value'],
        message: ORIGIN_MESSAGES.duplicate,
      })
    }
    seen.add(origin)
  })
}
