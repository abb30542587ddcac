import type { PlainServerConfig } from './config'
import type { WebSessionOptions } from './drivers/web-session/driver'
import type { BotDispatchOptions } from './modules/bots/dispatch'
import type { SessionOptions } from './modules/connections/sessions'
import type { InboundFollowUpOptions } from './modules/inbound/follow-up'
import type { MailSenderOptions } from './modules/mail/sender'
import type { MailEnv } from './modules/mail/settings'
import type { OutreachOptions } from './modules/outreach'

/**
 * Everything `createServer` takes: the plain settings of config.ts (what the environment gives), and the
 * options whose types their modules own (drivers' connectors, job kinds, test hooks and tuning).
 */
export interface ServerConfig extends Omit<PlainServerConfig, 'connectionSessions' | 'mail' | 'jobs'> {
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
