import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { isIP } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/*
 * A leaf: this file reads the environment into plain values and imports nothing from the server's modules
 * (test/platform/import-cycles.test.ts holds it so). The option types belong to the modules that take them
 * (the rate limits, proxy trust, outreach inputs …); `ServerConfig` in server-config.ts gathers them, and checks
 * at compile time that what this file produces fits them, field by field.
 */

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/** One proxy address, CIDR range (`10.0.0.0/8`, `fd00::/8`) or proxy-addr's named range. */
const isProxyAddress = (value: string) => {
  if (PROXY_NAMES.has(value)) return true
  const [address = '', bits, extra] = value.split('/')
  const family = isIP(address)
  if (!family || extra !== undefined) return false
  if (bits === undefined) return true
  const n = Number(bits)
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128)
}

/**
 * `TRUST_PROXY`: empty, `false` or `0` off; `true` one hop; a whole number that many hops; else a
 * comma-separated list of proxy addresses and CIDR ranges. Anything else is a start-up error.
 */
export const trustProxyOf = (raw: string | undefined): false | number | string[] => {
  const value = (raw ?? '').trim().toLowerCase()
  if (value === '' || value === 'false' || value === '0') return false
  if (value === 'true') return 1
  if (/^\d+$/.test(value)) return Number(value)
  const list = value
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
  const bad = list.filter((a) => !isProxyAddress(a))
  if (list.length === 0 || bad.length > 0) {
    throw new Error(
      `TRUST_PROXY must be a hop count (1), true, or proxy addresses and CIDR ranges (10.0.0.1,10.1.0.0/16), got "${raw}"`,
    )
  }
  return list
}

/**
 * The settings that are plain values: what `configFromEnv` reads (an option object holds only the fields read from
 * the environment), and the tuning tests give. `ServerConfig` types the options as their modules do.
 */
export interface PlainServerConfig {
  /** Folder for the SQLite file, the signing secret and (later) media. Created when missing. */
  dataDir: string
  /** PostgreSQL connection string; SQLite at `${dataDir}/desk.sqlite` when absent. */
  databaseUrl?: string
  port?: number
  host?: string
  /** The built app (index.html and assets). Any non-API GET falls back to its index.html. */
  staticDir?: string
  /** HS256 signing secret; generated into `${dataDir}/secret.key` when absent. */
  jwtSecret?: string
  /** Signup attempts per address (default 10 every 15 minutes). */
  signupRateLimit?: { max?: number }
  /** Sends per user (default 30 a minute, at most 10 in 10 seconds). */
  sendRateLimit?: { max?: number; burstMax?: number }
  /**
   * Widget sessions per address and visitor messages (default 60 a minute; 20 a minute, 8 in 10 seconds),
   * new anonymous visitors per address (30 an hour).
   */
  widgetRateLimit?: { sessionsPerMinute?: number; sendsPerMinute?: number; newVisitorsPerHour?: number }
  /** Widget upload quotas in bytes (default a day: 50 MB a visitor, 200 MB an address, 2 GB a connection). */
  widgetUploadQuota?: { perVisitorBytes?: number; perAddressBytes?: number; perConnectionBytes?: number }
  /** The embeddable widget's build: `embed.js`, `frame/` and `demo/` (default `../embed/dist`). */
  embedDir?: string
  /** Content-Security-Policy additions for a split deployment: an API on another origin. */
  contentSecurity?: { apiOrigin?: string }
  /**
   * Which X-Forwarded-* hops to believe (behind a reverse proxy): a hop count (`1`: the proxy in front
   * of the server), or the proxies' addresses and CIDR ranges; off by default.
   */
  trustProxy?: false | number | string[]
  /** Fastify logger options; off unless given. */
  logger?: boolean | { level: string }
  /** Access token lifetime in seconds (default 15 minutes). */
  accessTokenTtlSeconds?: number
  /** Refresh token lifetime in seconds (default 7 days). */
  refreshTokenTtlSeconds?: number
  /**
   * How long a just-rotated refresh token still answers the session that replaced it, so refreshes in
   * flight together (two tabs, two failed requests) keep the session (default 30 s); a later replay is
   * reuse and ends the session.
   */
  refreshGraceSeconds?: number
  /** How long a process remembers that a session is live before asking the database again (default 10 s). */
  sessionCacheMs?: number
  /** Open tickets idle longer than this many hours are closed (default 24; 0 turns it off). */
  autoCloseHours?: number
  /** How often idle tickets are looked for (default one minute). */
  autoCloseIntervalMs?: number
  /** Simulator driver: QR code lifetime (0: forever) and refreshes before TIMEOUT. */
  simulator?: { qrRefreshMs?: number; maxQrRetries?: number }
  /** Graph API root for `cloud-api` connections (default https://graph.facebook.com/v21.0). */
  cloudApiBaseUrl?: string
  /** Minutes between two readings of the Cloud API connections' message templates (default 360; 0 turns it off). */
  templateSyncMinutes?: number
  /** Seconds between SMS and calls of a job (default 2 to 3, before and after each: about 5 s a number; Twilio's rate is a floor). */
  telephonyPace?: { minInterval: number; maxInterval: number }
  /** Twilio's REST API root for `telephony` connections (default https://api.twilio.com): a local fake in tests. */
  twilioBaseUrl?: string
  /** Instagram API root for `instagram` connections (default https://graph.instagram.com/v21.0): a local fake in tests. */
  instagramBaseUrl?: string
  /** Seconds before each message of an Instagram direct job (default 5 to 15: the seed's 5 s plus a random 0–10 s). */
  directPace?: { minInterval: number; maxInterval: number }
  /** Connections' sessions across server processes: lease length (`WEB_SESSION_LEASE_SECONDS`). */
  connectionSessions?: { leaseMs?: number }
  /**
   * The address the desk is reached at (`https://desk.example.com`). When set, media addresses are
   * absolute: clients that join every address to their API root (the seed's) can fetch them.
   */
  publicUrl?: string
  /**
   * Outreach inputs: the folder files are sent from, whether media by URL may reach private addresses (all, or
   * these), and the size cap.
   */
  outreach?: { dir?: string; allowPrivateUrls?: boolean; allowAddresses?: string[]; maxBytes?: number }
  /** E-mail: the SMTP server (`SMTP_URL`) and sender (`MAIL_FROM`) used when the admin settings name none. */
  mail?: { smtpUrl?: string; from?: string }
  /**
   * Background work: `redisUrl` wakes the durable work runtime through BullMQ (env `REDIS_URL`), else each
   * process asks the database; the Redis key prefix (`REDIS_PREFIX`), how long an outreach job stays held
   * (`JOB_LEASE_SECONDS`) and the seconds between two group actions (`GROUP_ACTION_SECONDS`).
   */
  jobs?: {
    redisUrl?: string
    redisPrefix?: string
    step?: { jobLeaseMs?: number }
    groupPacing?: { minSeconds: number; maxSeconds: number }
  }
  /**
   * Live events across processes (with `REDIS_URL`): after this process's link to Redis comes back, its
   * sockets reconnect at random within `catchUpSpreadMs` to fetch what they missed (default 5 s). Each
   * connection to Redis gets a PING every `pingIntervalMs` (default 5 s); one unanswered within
   * `pingTimeoutMs` (default 3 s) counts as lost (a silent link) and is dialled again.
   */
  liveEvents?: { catchUpSpreadMs?: number; pingIntervalMs?: number; pingTimeoutMs?: number }
  /** The durable work runtime: how often each process asks the database for due work (default 1 s; tests shorten it). */
  work?: { pollMs?: number }
}

export const DEFAULT_PORT = 8080
/** Graph API root for `cloud-api` connections. */
export const DEFAULT_CLOUD_API_BASE_URL = 'https://graph.facebook.com/v21.0'
export const DEFAULT_TWILIO_API_BASE_URL = 'https://api.twilio.com'
/** Instagram API root for `instagram` connections (the Instagram API with Instagram Login). */
export const DEFAULT_INSTAGRAM_API_BASE_URL = 'https://graph.instagram.com/v21.0'
export const DEFAULT_HOST = '0.0.0.0'
export const DEFAULT_LOGIN_RATE_LIMIT = {
  windowMs: 15 * 60 * 1000,
  maxPerIpAndEmail: 10,
  maxPerIp: 30,
}
export const DEFAULT_SIGNUP_RATE_LIMIT = {
  windowMs: 15 * 60 * 1000,
  max: 10,
}
export const DEFAULT_SEND_RATE_LIMIT = {
  windowMs: 60 * 1000,
  max: 30,
  burstWindowMs: 10 * 1000,
  burstMax: 10,
}
export const DEFAULT_WIDGET_RATE_LIMIT = {
  sessionsPerMinute: 60,
  sendsPerMinute: 20,
  sendBurst: 8,
  newVisitorsPerHour: 30,
}
const MB = 1024 * 1024
export const DEFAULT_WIDGET_UPLOAD_QUOTA = {
  windowMs: 24 * 60 * 60 * 1000,
  perVisitorBytes: 50 * MB,
  perAddressBytes: 200 * MB,
  perConnectionBytes: 2048 * MB,
}
/** How often ended rate-limit windows are deleted. */
export const RATE_LIMIT_SWEEP_MS = 60_000
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60
export const DEFAULT_REFRESH_GRACE_SECONDS = 30
export const SESSION_CACHE_MS = 10_000
export const BODY_LIMIT_BYTES = 1024 * 1024
export const DEFAULT_AUTO_CLOSE_HOURS = 24
/** Minutes between two readings of the Cloud API's message templates. */
export const DEFAULT_TEMPLATE_SYNC_MINUTES = 360
export const DEFAULT_OUTREACH_MAX_BYTES = 16 * 1024 * 1024
export const DEFAULT_OUTREACH_FETCH_TIMEOUT_MS = 30_000
export const DEFAULT_JOB_LEASE_SECONDS = 30
/** Seconds between two group actions: 5 plus a random 0–10 (seed 001 §9). */
export const DEFAULT_GROUP_ACTION_SECONDS = { minSeconds: 5, maxSeconds: 15 }

/** `GROUP_ACTION_SECONDS`: `min-max` or one number of seconds. */
const groupPacingOf = (raw: string | undefined) => {
  if (raw === undefined || raw.trim() === '') return DEFAULT_GROUP_ACTION_SECONDS
  const match = raw.trim().match(/^(\d{1,4})(?:\s*-\s*(\d{1,4}))?$/)
  const minSeconds = Number(match?.[1])
  const maxSeconds = Number(match?.[2] ?? match?.[1])
  if (!match || maxSeconds < minSeconds)
    throw new Error(`GROUP_ACTION_SECONDS must be seconds as "min-max" (e.g. "5-15"), got "${raw}"`)
  return { minSeconds, maxSeconds }
}
export const DEFAULT_WEB_SESSION_LEASE_SECONDS = 30

export const AUTO_CLOSE_INTERVAL_MS = 60_000
export const CATCH_UP_SPREAD_MS = 5000
/** A PING to each connection to Redis this often, answered within the timeout (far above a normal round trip). */
export const REDIS_PING_INTERVAL_MS = 5000
export const REDIS_PING_TIMEOUT_MS = 3000
const MIN_SECRET_LENGTH = 32

const serverPackageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
/** The widget's build beside the server's package. */
export const DEFAULT_EMBED_DIR = path.resolve(serverPackageDir, '../embed/dist')

/** Reads the process environment (see docs/operating.md for the variables). */
export const configFromEnv = (env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): PlainServerConfig => {
  const port = env.PORT ? Number(env.PORT) : DEFAULT_PORT
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`)
  const autoCloseHours = env.AUTO_CLOSE_HOURS ? Number(env.AUTO_CLOSE_HOURS) : DEFAULT_AUTO_CLOSE_HOURS
  if (!Number.isFinite(autoCloseHours) || autoCloseHours < 0)
    throw new Error(`AUTO_CLOSE_HOURS must be a number of hours (0 turns it off), got "${env.AUTO_CLOSE_HOURS}"`)
  const count = (name: string, fallback: number) => {
    const raw = env[name]
    if (raw === undefined || raw === '') return fallback
    const n = Number(raw)
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number (0 turns it off), got "${raw}"`)
    return n
  }
  return {
    port,
    host: env.HOST || DEFAULT_HOST,
    dataDir: path.resolve(cwd, env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    staticDir: env.APP_DIST ? path.resolve(cwd, env.APP_DIST) : path.resolve(serverPackageDir, '../crm-app/dist'),
    jwtSecret: env.JWT_SECRET || undefined,
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    refreshGraceSeconds: count('REFRESH_GRACE_SECONDS', DEFAULT_REFRESH_GRACE_SECONDS),
    logger: { level: env.LOG_LEVEL || 'info' },
    autoCloseHours,
    cloudApiBaseUrl: env.CLOUD_API_BASE_URL || undefined,
    templateSyncMinutes: count('TEMPLATE_SYNC_MINUTES', DEFAULT_TEMPLATE_SYNC_MINUTES),
    twilioBaseUrl: env.TWILIO_API_BASE_URL || undefined,
    instagramBaseUrl: env.INSTAGRAM_API_BASE_URL || undefined,
    signupRateLimit: { max: count('SIGNUP_RATE_LIMIT', DEFAULT_SIGNUP_RATE_LIMIT.max) },
    sendRateLimit: {
      max: count('SEND_RATE_LIMIT', DEFAULT_SEND_RATE_LIMIT.max),
      burstMax: count('SEND_RATE_BURST', DEFAULT_SEND_RATE_LIMIT.burstMax),
    },
    widgetRateLimit: {
      sessionsPerMinute: count('WIDGET_SESSION_RATE_LIMIT', DEFAULT_WIDGET_RATE_LIMIT.sessionsPerMinute),
      sendsPerMinute: count('WIDGET_SEND_RATE_LIMIT', DEFAULT_WIDGET_RATE_LIMIT.sendsPerMinute),
      newVisitorsPerHour: count('WIDGET_NEW_VISITOR_LIMIT', DEFAULT_WIDGET_RATE_LIMIT.newVisitorsPerHour),
    },
    widgetUploadQuota: {
      perVisitorBytes: count('WIDGET_QUOTA_VISITOR', DEFAULT_WIDGET_UPLOAD_QUOTA.perVisitorBytes),
      perAddressBytes: count('WIDGET_QUOTA_ADDRESS', DEFAULT_WIDGET_UPLOAD_QUOTA.perAddressBytes),
      perConnectionBytes: count('WIDGET_QUOTA_CONNECTION', DEFAULT_WIDGET_UPLOAD_QUOTA.perConnectionBytes),
    },
    embedDir: env.EMBED_DIST ? path.resolve(cwd, env.EMBED_DIST) : DEFAULT_EMBED_DIR,
    contentSecurity: { apiOrigin: apiOriginOf(env.VITE_API_URL) },
    publicUrl: env.PUBLIC_URL ? publicUrlOf(env.PUBLIC_URL) : undefined,
    mail: { smtpUrl: env.SMTP_URL || undefined, from: env.MAIL_FROM || undefined },
    outreach: {
      dir: env.OUTREACH_DIR ? path.resolve(cwd, env.OUTREACH_DIR) : undefined,
      allowPrivateUrls: env.OUTREACH_ALLOW_PRIVATE_URLS === 'true' || env.OUTREACH_ALLOW_PRIVATE_URLS === '1',
      allowAddresses: (env.OUTREACH_ALLOWED_ADDRESSES ?? '')
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
      maxBytes: count('OUTREACH_MAX_BYTES', DEFAULT_OUTREACH_MAX_BYTES) || DEFAULT_OUTREACH_MAX_BYTES,
    },
    // How long a web session stays with a process that stopped answering before another restores it.
    connectionSessions: {
      leaseMs:
        (count('WEB_SESSION_LEASE_SECONDS', DEFAULT_WEB_SESSION_LEASE_SECONDS) || DEFAULT_WEB_SESSION_LEASE_SECONDS) *
        1000,
    },
    jobs: {
      redisUrl: env.REDIS_URL || undefined,
      redisPrefix: redisPrefixOf(env.REDIS_PREFIX),
      // How long a job stays held by a process that stopped answering (killed, cut off) before another takes it.
      step: { jobLeaseMs: (count('JOB_LEASE_SECONDS', DEFAULT_JOB_LEASE_SECONDS) || DEFAULT_JOB_LEASE_SECONDS) * 1000 },
      groupPacing: groupPacingOf(env.GROUP_ACTION_SECONDS),
    },
  }
}

export const DEFAULT_REDIS_PREFIX = 'desk'

/**
 * The prefix of every Redis key and channel the desk uses (socket.io's channels, BullMQ's keys), so several
 * desks can share one Redis. Letters, digits and `_ . : -` only: the live-events channels are matched by a
 * pattern, where `*`, `?` or `[` would let one desk hear another.
 */
const redisPrefixOf = (raw: string | undefined): string => {
  const prefix = raw?.trim() || DEFAULT_REDIS_PREFIX
  if (!/^[A-Za-z0-9_.:-]{1,64}$/.test(prefix))
    throw new Error(`REDIS_PREFIX may hold only letters, digits and _ . : - (at most 64), got "${raw}"`)
  return prefix
}

/**
 * The origin of an API the app was built to call on another host (an absolute VITE_API_URL),
 * else undefined (the app calls its own origin).
 */
export const apiOriginOf = (apiUrl: string | undefined): string | undefined => {
  if (!apiUrl || !/^https?:\/\//i.test(apiUrl)) return undefined
  try {
    return new URL(apiUrl).origin
  } catch {
    throw new Error(`VITE_API_URL must be a path or an http(s) URL, got "${apiUrl}"`)
  }
}

/** An http(s) origin (and optional path) without a trailing slash; anything else is a start-up error. */
const publicUrlOf = (raw: string): string => {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new Error(`PUBLIC_URL must be an http(s) address, got "${raw}"`)
  }
  if (!/^https?:$/.test(url.protocol) || url.search || url.hash) {
    throw new Error(`PUBLIC_URL must be an http(s) address without a query, got "${raw}"`)
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
}

/**
 * The signing secret: the configured one, else the one kept in `${dataDir}/secret.key`,
 * else a new random one written there (mode 0600). There is no built-in default.
 */
export const resolveJwtSecret = (dataDir: string, configured?: string): string => {
  if (configured) {
    if (configured.length < MIN_SECRET_LENGTH) {
      throw new Error(`JWT_SECRET must be at least ${MIN_SECRET_LENGTH} characters long`)
    }
    return configured
  }
  mkdirSync(dataDir, { recursive: true })
  const file = path.join(dataDir, 'secret.key')
  if (!existsSync(file)) {
    try {
      // 'wx' fails when another process wrote the file first; then we read theirs.
      writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
  chmodSync(file, 0o600)
  const secret = readFileSync(file, 'utf8').trim()
  if (secret.length < MIN_SECRET_LENGTH)
    throw new Error(`${file} holds a secret shorter than ${MIN_SECRET_LENGTH} characters`)
  return secret
}

/** One environment variable `configFromEnv` reads: its name, its default as written in the docs, and what it does. */
export interface EnvironmentVariable {
  name: string
  /** Markdown: `code`, or a word (unset, off, generated). */
  default: string
  /** Markdown. */
  meaning: string
}

const code = (value: string | number) => `\`${value}\``
const mb = (bytes: number) => `${code(bytes)} (${bytes / MB >= 1024 ? `${bytes / MB / 1024} GB` : `${bytes / MB} MB`})`

/**
 * Every variable `configFromEnv` reads, in the order of the configuration table in `docs/operating.md`;
 * `scripts/config-table.ts` prints that table from this list, and a test fails when the two differ or when a
 * variable read above is missing here.
 */
export const ENVIRONMENT: readonly EnvironmentVariable[] = [
  {
    name: 'PORT',
    default: code(DEFAULT_PORT),
    meaning: 'HTTP port for the app, the API (`/api`) and socket.io (`/socket.io`)',
  },
  { name: 'HOST', default: code(DEFAULT_HOST), meaning: 'address to listen on' },
  { name: 'DATA_DIR', default: code('./data'), meaning: 'database file, signing secret, media' },
  {
    name: 'DATABASE_URL',
    default: 'unset',
    meaning: '`postgres://…` to use PostgreSQL instead of the embedded SQLite file',
  },
  {
    name: 'JWT_SECRET',
    default: 'generated',
    meaning: `token signing secret (≥ ${MIN_SECRET_LENGTH} characters); by default generated on first start into \`DATA_DIR/secret.key\` (mode 0600). There is no built-in default`,
  },
  {
    name: 'REFRESH_GRACE_SECONDS',
    default: code(DEFAULT_REFRESH_GRACE_SECONDS),
    meaning:
      'how long a just-rotated refresh cookie still answers the session that replaced it (refreshes in flight together); `0` turns it off',
  },
  {
    name: 'AUTO_CLOSE_HOURS',
    default: code(DEFAULT_AUTO_CLOSE_HOURS),
    meaning: "open tickets idle for longer are closed by the server, with the connection's farewell; `0` turns it off",
  },
  {
    name: 'TEMPLATE_SYNC_MINUTES',
    default: code(DEFAULT_TEMPLATE_SYNC_MINUTES),
    meaning:
      "minutes between two readings of the Cloud API connections' message templates (besides the refresh button and the status webhook); `0` turns it off",
  },
  {
    name: 'TRUST_PROXY',
    default: 'off',
    meaning:
      "proxy hops to believe for the client's address and https: a count (`1`; `true` is 1) or proxy addresses/CIDRs (`10.0.0.5,10.1.0.0/16`)",
  },
  { name: 'LOG_LEVEL', default: code('info'), meaning: 'server log level' },
  { name: 'APP_DIST', default: code('packages/crm-app/dist'), meaning: 'the built app the server serves' },
  {
    name: 'VITE_API_URL',
    default: code('/api'),
    meaning:
      "at build time: point the app at an API on another host; an absolute URL is also allowed by the server's Content-Security-Policy (set it for the server too)",
  },
  {
    name: 'PUBLIC_URL',
    default: 'unset',
    meaning:
      "the desk's public address (`https://desk.example.com`): media addresses are then absolute, as clients written for the seed's API need",
  },
  {
    name: 'SIGNUP_RATE_LIMIT',
    default: code(DEFAULT_SIGNUP_RATE_LIMIT.max),
    meaning: 'signup attempts per address every 15 minutes; `0` turns it off',
  },
  {
    name: 'SEND_RATE_LIMIT',
    default: code(DEFAULT_SEND_RATE_LIMIT.max),
    meaning: 'messages one user may send a minute; `0` turns it off',
  },
  {
    name: 'SEND_RATE_BURST',
    default: code(DEFAULT_SEND_RATE_LIMIT.burstMax),
    meaning: 'of which at most this many within 10 seconds; `0` turns it off',
  },
  {
    name: 'REDIS_URL',
    default: 'unset',
    meaning:
      '`redis://…`: background work (jobs, e-mail, bots, auto-close) is woken through BullMQ, and live events cross server processes',
  },
  {
    name: 'REDIS_PREFIX',
    default: code(DEFAULT_REDIS_PREFIX),
    meaning:
      "prefix of the desk's Redis keys and channels (`<prefix>:socket.io…`, `<prefix>:work.<kind>:…`): one per desk sharing a Redis; letters, digits, `_.:-`",
  },
  {
    name: 'JOB_LEASE_SECONDS',
    default: code(DEFAULT_JOB_LEASE_SECONDS),
    meaning:
      'how long a job stays held by a server process that stopped answering (killed, cut off) before another process or a restart takes it over',
  },
  {
    name: 'GROUP_ACTION_SECONDS',
    default: code('5-15'),
    meaning:
      'seconds a group job waits before each action (a group changed or messaged, a participant messaged): a random whole number from the first to the second',
  },
  {
    name: 'WEB_SESSION_LEASE_SECONDS',
    default: code(DEFAULT_WEB_SESSION_LEASE_SECONDS),
    meaning:
      'how long a web session (QR-paired phone) stays with a server process that stopped answering before another process or a restart restores it',
  },
  {
    name: 'OUTREACH_DIR',
    default: code('DATA_DIR/outreach'),
    meaning: 'the only folder bulk file and audio sends read from (uploads land there)',
  },
  {
    name: 'OUTREACH_MAX_BYTES',
    default: code(DEFAULT_OUTREACH_MAX_BYTES),
    meaning: 'largest file sent by path or URL, or uploaded',
  },
  {
    name: 'OUTREACH_ALLOW_PRIVATE_URLS',
    default: 'off',
    meaning:
      '`true` lets media by URL, bots and SMTP reach loopback and private addresses; `OUTREACH_ALLOWED_ADDRESSES=a,b` lets single addresses through',
  },
  {
    name: 'OUTREACH_ALLOWED_ADDRESSES',
    default: 'unset',
    meaning: 'loopback or private addresses media by URL, bots and SMTP may reach one by one, comma-separated',
  },
  {
    name: 'SMTP_URL',
    default: 'unset',
    meaning: 'SMTP server for e-mail when the E-mail page names none (`smtp://user:pass@host:587`, `smtps://…`)',
  },
  { name: 'MAIL_FROM', default: 'unset', meaning: 'sender address used when the E-mail page names none' },
  {
    name: 'EMBED_DIST',
    default: code('packages/embed/dist'),
    meaning: "the widget's build (`embed.js`, the frame, the demo page) the server serves",
  },
  {
    name: 'CLOUD_API_BASE_URL',
    default: code(DEFAULT_CLOUD_API_BASE_URL),
    meaning: 'Graph API root for `cloud-api` connections',
  },
  {
    name: 'TWILIO_API_BASE_URL',
    default: code(DEFAULT_TWILIO_API_BASE_URL),
    meaning:
      "Twilio's REST API root for `telephony` connections (every Twilio host is sent here instead: a local fake in tests); delivery and call callbacks need `PUBLIC_URL`",
  },
  {
    name: 'INSTAGRAM_API_BASE_URL',
    default: code(DEFAULT_INSTAGRAM_API_BASE_URL),
    meaning:
      'Instagram API root for `instagram` connections (a local fake in tests); images an agent sends need `PUBLIC_URL`, which Meta fetches them from',
  },
  {
    name: 'WIDGET_SESSION_RATE_LIMIT',
    default: code(DEFAULT_WIDGET_RATE_LIMIT.sessionsPerMinute),
    meaning: 'widget sessions one address may open a minute; `0` turns it off',
  },
  {
    name: 'WIDGET_SEND_RATE_LIMIT',
    default: code(DEFAULT_WIDGET_RATE_LIMIT.sendsPerMinute),
    meaning: `messages one visitor may send a minute (${DEFAULT_WIDGET_RATE_LIMIT.sendBurst} in 10 s); \`0\` turns it off`,
  },
  {
    name: 'WIDGET_NEW_VISITOR_LIMIT',
    default: code(DEFAULT_WIDGET_RATE_LIMIT.newVisitorsPerHour),
    meaning: 'new anonymous widget visitors one address may start an hour; `0` turns it off',
  },
  {
    name: 'WIDGET_QUOTA_VISITOR',
    default: mb(DEFAULT_WIDGET_UPLOAD_QUOTA.perVisitorBytes),
    meaning: 'bytes one widget visitor may upload a day; `0` turns it off',
  },
  {
    name: 'WIDGET_QUOTA_ADDRESS',
    default: mb(DEFAULT_WIDGET_UPLOAD_QUOTA.perAddressBytes),
    meaning: 'bytes one address may upload through the widget a day; `0` turns it off',
  },
  {
    name: 'WIDGET_QUOTA_CONNECTION',
    default: mb(DEFAULT_WIDGET_UPLOAD_QUOTA.perConnectionBytes),
    meaning: 'bytes all visitors of one web chat connection may upload a day; `0` turns it off',
  },
]
