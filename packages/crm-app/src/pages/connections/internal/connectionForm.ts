import type {
  CloudApiConfigUpdate,
  Connection,
  ConnectionCreateRequest,
  ConnectionDetail,
  ConnectionUpdateRequest,
  InstagramConfig,
  InstagramConfigUpdate,
  TelephonyConfig,
  TelephonyConfigUpdate,
  WebChatConfig,
  WebChatConfigPublic,
  WebChatConfigUpdate,
} from '@desk/api-client'
import type { CloudApiSettings, ConnectionModalValues, InstagramSettings, TelephonySettings } from '@desk/ui'

/** A web chat's settings as the modal edits them: the answer's, without the embed paths. */
const webChatConfigOf = ({
  allowedOrigins,
  verifiedOnly,
  offlineEmail,
  theme,
}: WebChatConfigPublic): WebChatConfig => ({
  allowedOrigins,
  verifiedOnly,
  offlineEmail,
  theme,
})

/** What the connection modal starts from when editing (a web chat's settings come with the detail answer). */
export const toModalValues = (c: Connection | ConnectionDetail): ConnectionModalValues => {
  const webChat = 'webChat' in c && c.webChat ? webChatConfigOf(c.webChat) : undefined
  // A telephony line's settings (with its Auth Token's end, never the token) come with the detail answer.
  const telephony = 'telephony' in c && c.telephony ? c.telephony : undefined
  // An Instagram connection's public settings: which secrets are saved, never the secrets.
  const instagram: InstagramSettings | undefined =
    'instagram' in c && c.instagram
      ? {
          provider: c.instagram.provider,
          accountId: c.instagram.accountId,
          saved: c.instagram.hasAccessToken,
          webhookPath: c.instagram.webhookPath,
        }
      : undefined
  // A Cloud API connection's settings say which secrets are stored, never the secrets.
  const cloudApi = 'cloudApi' in c && c.cloudApi ? c.cloudApi : undefined
  return {
    name: c.name,
    isDefault: c.isDefault,
    greetingMessage: c.greetingMessage ?? '',
    farewellMessage: c.farewellMessage ?? '',
    queueIds: c.queues.map((q) => q.id),
    driver: c.driver ?? 'simulator',
    ...(c.driver === 'webchat' && webChat ? { webChat } : {}),
    ...(c.driver === 'telephony' && telephony ? { telephony } : {}),
    ...(c.driver === 'instagram' && instagram ? { instagram } : {}),
    ...(c.driver === 'cloud-api' && cloudApi ? { cloudApi } : {}),
  }
}

export const createBody = (v: ConnectionModalValues): ConnectionCreateRequest => ({
  name: v.name,
  isDefault: v.isDefault,
  greetingMessage: v.greetingMessage,
  farewellMessage: v.farewellMessage,
  queueIds: v.queueIds,
  driver: v.driver,
  ...(v.driver === 'webchat' && v.webChat ? { webChat: v.webChat } : {}),
  ...(v.driver === 'telephony' && v.telephony ? { telephony: telephonyConfigOf(v.telephony) } : {}),
  ...(v.driver === 'instagram' && v.instagram ? { instagram: instagramConfigOf(v.instagram) } : {}),
  ...(v.driver === 'cloud-api' && v.cloudApi ? { cloudApi: cloudApiConfigOf(v.cloudApi) } : {}),
})

/** The modal's Instagram settings as the contract takes them on create. */
const instagramConfigOf = (s: InstagramSettings): InstagramConfig => ({
  provider: s.provider,
  accountId: s.accountId ?? undefined,
  accessToken: s.accessToken,
  appSecret: s.appSecret,
  verifyToken: s.verifyToken,
})

/** An Instagram connection's changes: the account id, and each secret only when one was typed. */
const instagramUpdateOf = (s: InstagramSettings): InstagramConfigUpdate => ({
  ...(s.accountId ? { accountId: s.accountId } : {}),
  ...(s.accessToken ? { accessToken: s.accessToken } : {}),
  ...(s.appSecret ? { appSecret: s.appSecret } : {}),
  ...(s.verifyToken ? { verifyToken: s.verifyToken } : {}),
})

/** The modal's Cloud API settings as the contract takes them on create (the modal checked them). */
const cloudApiConfigOf = (c: CloudApiSettings) => ({
  phoneNumberId: c.phoneNumberId ?? '',
  accessToken: c.accessToken ?? '',
  verifyToken: c.verifyToken ?? '',
  appSecret: c.appSecret ?? '',
  ...(c.businessAccountId ? { businessAccountId: c.businessAccountId } : {}),
})

/**
 * A Cloud API connection's changes: the ids as the modal holds them (an empty account id clears it), and a
 * secret only when one was typed (otherwise the stored one stays).
 */
const cloudApiUpdateOf = (c: CloudApiSettings): CloudApiConfigUpdate => ({
  phoneNumberId: c.phoneNumberId ?? undefined,
  businessAccountId: c.businessAccountId ?? '',
  ...(c.accessToken ? { accessToken: c.accessToken } : {}),
  ...(c.verifyToken ? { verifyToken: c.verifyToken } : {}),
  ...(c.appSecret ? { appSecret: c.appSecret } : {}),
})

/** The modal's telephony settings as the contract takes them on create: empty fields left out. */
const telephonyConfigOf = (t: TelephonySettings): TelephonyConfig => ({
  provider: t.provider,
  fromNumber: t.fromNumber ?? undefined,
  accountSid: t.accountSid ?? undefined,
  authToken: t.authToken,
  messagingServiceSid: t.messagingServiceSid ?? undefined,
})

/**
 * A telephony line's changes: every field as the modal holds it (an empty sender field clears it), and
 * the Auth Token only when one was typed (otherwise the stored one stays). The provider does not change.
 */
const telephonyUpdateOf = (t: TelephonySettings): TelephonyConfigUpdate => ({
  fromNumber: t.fromNumber ?? null,
  ...(t.provider === 'twilio'
    ? {
        accountSid: t.accountSid ?? undefined,
        messagingServiceSid: t.messagingServiceSid ?? null,
        ...(t.authToken ? { authToken: t.authToken } : {}),
      }
    : {}),
})

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i])

/** The web chat settings that changed (the theme field by field); undefined when none did. */
export const webChatChanges = (before: WebChatConfig, after: WebChatConfig): WebChatConfigUpdate | undefined => {
  const change: WebChatConfigUpdate = {}
  if (!sameList(before.allowedOrigins, after.allowedOrigins)) change.allowedOrigins = after.allowedOrigins
  if (before.verifiedOnly !== after.verifiedOnly) change.verifiedOnly = after.verifiedOnly
  if (before.offlineEmail !== after.offlineEmail) change.offlineEmail = after.offlineEmail
  const theme = Object.fromEntries(
    Object.entries(after.theme).filter(([key, value]) => before.theme[key as keyof WebChatConfig['theme']] !== value),
  )
  if (Object.keys(theme).length > 0) change.theme = theme
  return Object.keys(change).length > 0 ? change : undefined
}

/**
 * The driver of an existing connection cannot change. A web chat sends only the settings that changed
 * from `before` (what the modal opened with), and none when nothing did, or when the modal never had
 * the stored ones (their load failed): what it showed then were defaults, not the connection's.
 */
export const updateBody = (v: ConnectionModalValues, before?: ConnectionModalValues): ConnectionUpdateRequest => {
  const {
    driver: _driver,
    webChat: _webChat,
    telephony: _telephony,
    instagram: _instagram,
    cloudApi: _cloudApi,
    ...rest
  } = createBody(v)
  const webChat = v.webChat && before?.webChat ? webChatChanges(before.webChat, v.webChat) : undefined
  // Sent only when the modal held the stored settings (not defaults after a failed load).
  const telephony = v.telephony && before?.telephony ? telephonyUpdateOf(v.telephony) : undefined
  const instagram = v.instagram && before?.instagram ? instagramUpdateOf(v.instagram) : undefined
  const cloudApi = v.cloudApi && before?.cloudApi ? cloudApiUpdateOf(v.cloudApi) : undefined
  return {
    ...rest,
    ...(webChat ? { webChat } : {}),
    ...(telephony ? { telephony } : {}),
    ...(instagram ? { instagram } : {}),
    ...(cloudApi ? { cloudApi } : {}),
  }
}
