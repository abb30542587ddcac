import type { MailSettings, MailSettingsUpdateRequest } from '@desk/api-client'
import type { z } from 'zod'
import type { Db } from '../../db'
import { nowIso } from '../../db'
import type { MailSettingsTable } from '../../db/schema'

/** Where mail goes out when no SMTP server is set in the admin settings (env `SMTP_URL`, `MAIL_FROM`). */
export interface MailEnv {
  smtpUrl?: string
  from?: string
}

/** What nodemailer is given: a `smtp(s)://user:pass@host:port` address, or the parts. */
export type TransportTarget =
  | { url: string }
  | { host: string; port: number; secure: boolean; auth?: { user: string; pass: string } }

/** The settings in force: how to reach the SMTP server, who sends, and what closing sends. */
export interface ResolvedMail {
  target: TransportTarget | null
  sender: string | null
  notifyTo: string | null
  sendOnClose: boolean
  sendTranscript: boolean
}

const ROW_ID = 1

const readRow = (db: Db) => db.selectFrom('mail_settings').selectAll().where('id', '=', ROW_ID).executeTakeFirst()

const blank = (): Omit<MailSettingsTable, 'id' | 'updatedAt'> => ({
  host: null,
  port: null,
  secure: 0,
  user: null,
  password: null,
  sender: null,
  notifyTo: null,
  sendOnClose: 1,
  sendTranscript: 0,
})

/** The sender named in an SMTP address (`?from=`) is not a thing nodemailer reads; MAIL_FROM is. */
export const createMailSettings = (db: Db, env: MailEnv) => {
  const resolve = async (): Promise<ResolvedMail> => {
    const row = { ...blank(), ...(await readRow(db)) }
    const target: TransportTarget | null = row.host
      ? {
          host: row.host,
          port: row.port ?? (row.secure ? 465 : 587),
          secure: row.secure === 1,
          ...(row.user ? { auth: { user: row.user, pass: row.password ?? '' } } : {}),
        }
      : env.smtpUrl
        ? { url: env.smtpUrl }
        : null
    return {
      target,
      sender: row.sender ?? env.from ?? null,
      notifyTo: row.notifyTo ?? row.sender ?? env.from ?? null,
      sendOnClose: row.sendOnClose === 1,
      sendTranscript: row.sendTranscript === 1,
    }
  }

  /** `GET /mail/settings`: everything but the password, which only says whether one is kept. */
  const get = async (): Promise<MailSettings> => {
    const row = { ...blank(), ...(await readRow(db)) }
    return {
      host: row.host,
      port: row.port,
      secure: row.secure === 1,
      user: row.user,
      hasPassword: Boolean(row.password),
      sender: row.sender ?? env.from ?? null,
      notifyTo: row.notifyTo,
      sendOnClose: row.sendOnClose === 1,
      sendTranscript: row.sendTranscript === 1,
      source: row.host ? 'settings' : env.smtpUrl ? 'env' : 'none',
    }
  }

  /** `PUT /mail/settings`: a missing field stays; an empty or missing password keeps the stored one. */
  const update = async (input: z.output<typeof MailSettingsUpdateRequest>) => {
    const current = { ...blank(), ...(await readRow(db)) }
    const flag = (value: boolean | undefined, was: number) => (value === undefined ? was : value ? 1 : 0)
    const next = {
      host: input.host === undefined ? current.host : input.host,
      port: input.port === undefined ? current.port : input.port,
      secure: flag(input.secure, current.secure),
      user: input.user === undefined ? current.user : input.user,
      password: input.password === undefined || input.password === '' ? current.password : input.password,
      sender: input.sender === undefined ? current.sender : input.sender,
      notifyTo: input.notifyTo === undefined ? current.notifyTo : input.notifyTo,
      sendOnClose: flag(input.sendOnClose, current.sendOnClose),
      sendTranscript: flag(input.sendTranscript, current.sendTranscript),
      updatedAt: nowIso(),
    }
    await db
      .insertInto('mail_settings')
      .values({ id: ROW_ID, ...next })
      .onConflict((oc) => oc.column('id').doUpdateSet(next))
      .execute()
    return get()
  }

  return { resolve, get, update }
}

export type MailSettingsService = ReturnType<typeof createMailSettings>
