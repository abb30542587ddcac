import type {
  DEFAULT_LOGIN_RATE_LIMIT,
  DEFAULT_SEND_RATE_LIMIT,
  DEFAULT_SIGNUP_RATE_LIMIT,
  DEFAULT_WIDGET_RATE_LIMIT,
  DEFAULT_WIDGET_UPLOAD_QUOTA,
  PlainServerConfig,
} from './config'
import type { SimulatorOptions } from './drivers/simulator'
import type { WebSessionOptions } from './drivers/web-session/driver'
import type { TrustProxy } from './http/app'
import type { ContentSecurityOptions } from './http/security-headers'
import type { BotDispatchOptions } from './modules/bots/dispatch'
import type { SessionOptions } from './modules/connections/sessions'
import type { InboundFollowUpOptions } from './modules/inbound/follow-up'
import type { MailSenderOptions } from './modules/mail/sender'
import type { MailEnv } from './modules/mail/settings'
import type { OutreachOptions } from './modules/outreach'
import type { OutreachConfig } from './modules/outreach-inputs/service'
import type { WidgetUploadQuota } from './modules/rate-limits/quota'
import type { LoginRateLimit, SendRateLimit, SignupRateLimit, WidgetRateLimit } from './modules/rate-limits/service'
import type { LiveEventsOptions } from './realtime/shared-rooms'

/** The settings of config.ts whose types a module owns: `ServerConfig` gives them their modules' types. */
type ModuleTyped =
  | 'signupRateLimit'
  | 'sendRateLimit'
  | 'widgetRateLimit'
  | 'widgetUploadQuota'
  | 'contentSecurity'
  | 'trustProxy'
  | 'outreach'
  | 'simulator'
  | 'liveEvents'
  | 'connectionSessions'
  | 'mail'
  | 'jobs'

/**
 * Everything `createServer` takes: the plain settings of config.ts (what the environment gives), and the
 * options whose types their modules own (rate limits, proxy trust, drivers' connectors, job kinds, test hooks
 * and tuning).
 */
export interface ServerConfig extends Omit<PlainServerConfig, ModuleTyped> {
  /** Failed logins per address, and per address and e-mail (default 30 and 10 every 15 minutes). */
  loginRateLimit?: Partial<LoginRateLimit>
  /** Signup attempts per address (default 10 every 15 minutes). */
  signupRateLimit?: Partial<SignupRateLimit>
  /** Sends per user (default 30 a minute, at most 10 in 10 seconds). */
  sendRateLimit?: Partial<SendRateLimit>
  /**
   * Widget sessions per address and visitor messages (default 60 a minute; 20 a minute, 8 in 10 seconds),
   * new anonymous visitors per address (30 an hour).
   */
  widgetRateLimit?: Partial<WidgetRateLimit>
  /** Widget upload quotas (default a day: 50 MB a visitor, 200 MB an address, 2 GB a connection). */
  widgetUploadQuota?: Partial<WidgetUploadQuota>
  /** Content-Security-Policy additions for a split deployment. */
  contentSecurity?: ContentSecurityOptions
  /** Called with every statement sent to the database, after it ran (tests count what a request sends). */
  onStatement?: (statement: { sql: string; parameters: readonly unknown[] }) => void
  /**
   * Which X-Forwarded-* hops to believe (behind a reverse proxy): a hop count (`1`: the proxy in front
   * of the server), or the proxies' addresses and CIDR ranges. `true` is one hop; off by default.
   */
  trustProxy?: TrustProxy
  /** Outreach inputs: the folder files are sent from, media by URL and their size cap. */
  outreach?: Partial<OutreachConfig>
  /** Simulator driver: QR code lifetime (0: forever) and refreshes before TIMEOUT. */
  simulator?: Omit<SimulatorOptions, 'network'>
  /** Live events across processes (with `REDIS_URL`): the catch-up spread after a reconnect, the PING watchdog. */
  liveEvents?: LiveEventsOptions
  /** Web-session driver: QR codes before TIMEOUT, reconnect delay, and (in tests) the socket connector. */
  webSession?: WebSessionOptions
  /** Connections' sessions across server processes: lease length (`WEB_SESSION_LEASE_SECONDS`), sync interval, call timeout. */
  connectionSessions?: SessionOptions
  /** E-mail: the SMTP server (`SMTP_URL`) and sender (`MAIL_FROM`) used when the admin settings name none; outbox tuning. */
  mail?: MailEnv & { sender?: MailSenderOptions }
  /**
   * Outreach jobs (kinds, step tuning) and the durable work runtime every background kind runs on: BullMQ on
   * `redisUrl` (env `REDIS_URL`, keys under `redisPrefix`), else the database alone, asked every `pollMs`.
   */
  jobs?: OutreachOptions & { redisUrl?: string; redisPrefix?: string; pollMs?: number }
  /** Bots: timeout of a post, debounce window and poll interval (tests shorten them). */
  bots?: BotDispatchOptions
  /** Steps after a customer message's commit: how long a process holds them, how often others sweep (tests shorten them). */
  inbound?: InboundFollowUpOptions
}

/*
 * config.ts describes what it reads in plain types of its own; the checks below hold it to what the modules
 * accept, so that neither side drifts. A field renamed or retyped on one side alone fails the typecheck,
 * naming the field (`"sendRateLimit.burstMax"` does not satisfy `true`).
 */

/** An object's own fields (not an array's or a primitive's). */
type Fields<T> = T extends readonly unknown[] ? never : T extends object ? T : never

/**
 * The fields of `Given`, nested ones as `outer.inner`, that `Accepted` does not know or whose values it does not
 * take: an extra field is no type error on its own, so a field renamed on the module's side alone would pass.
 */
type Misfits<Given, Accepted> = [Fields<Given>] extends [never]
  ? never
  : {
      [K in keyof Fields<Given> & string]-?: K extends keyof Fields<Accepted>
        ? Misfits<Fields<Given>[K], Fields<Accepted>[K]> extends infer Inner extends string
          ? [Inner] extends [never]
            ? [Fields<Given>[K]] extends [Fields<Accepted>[K]]
              ? never
              : K
            : `${K}.${Inner}`
          : never
        : K
    }[keyof Fields<Given> & string]

/** `true` when `Given` fits `Accepted` as a whole and field by field, else the names of the fields that do not. */
export type Fits<Given, Accepted> = [Misfits<Given, Accepted>] extends [never]
  ? [Given] extends [Accepted]
    ? true
    : 'not assignable'
  : Misfits<Given, Accepted>

type Holds<T extends true> = T

/** What `configFromEnv` gives is what `createServer` takes, field by field. */
export type PlainConfigFits = Holds<Fits<PlainServerConfig, ServerConfig>>

/** config.ts's defaults are the modules' options: the same fields, each taken by the module. */
export type DefaultsFit = [
  Holds<Fits<typeof DEFAULT_LOGIN_RATE_LIMIT, LoginRateLimit>>,
  Holds<Fits<typeof DEFAULT_SIGNUP_RATE_LIMIT, SignupRateLimit>>,
  Holds<Fits<typeof DEFAULT_SEND_RATE_LIMIT, SendRateLimit>>,
  Holds<Fits<typeof DEFAULT_WIDGET_RATE_LIMIT, WidgetRateLimit>>,
  Holds<Fits<typeof DEFAULT_WIDGET_UPLOAD_QUOTA, WidgetUploadQuota>>,
  Holds<Fits<LoginRateLimit, typeof DEFAULT_LOGIN_RATE_LIMIT>>,
  Holds<Fits<SignupRateLimit, typeof DEFAULT_SIGNUP_RATE_LIMIT>>,
  Holds<Fits<SendRateLimit, typeof DEFAULT_SEND_RATE_LIMIT>>,
  Holds<Fits<WidgetRateLimit, typeof DEFAULT_WIDGET_RATE_LIMIT>>,
  Holds<Fits<WidgetUploadQuota, typeof DEFAULT_WIDGET_UPLOAD_QUOTA>>,
]
