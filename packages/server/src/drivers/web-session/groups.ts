import type { GroupMetadata } from '@whiskeysockets/baileys'
import type { DriverGroup } from '../types'
import { GROUP_SUFFIX, jidToNumber, phoneJid } from './mapping'

/** The group calls of the web client's socket (all of @whiskeysockets/baileys's, optional for fakes). */
export interface WebGroupSocket {
  user?: { id: string; lid?: string } | undefined
  groupFetchAllParticipating?(): Promise<Record<string, GroupMetadata>>
  groupCreate?(subject: string, participants: string[]): Promise<GroupMetadata>
  groupUpdateSubject?(jid: string, subject: string): Promise<void>
  groupUpdateDescription?(jid: string, description?: string): Promise<void>
  groupSettingUpdate?(jid: string, setting: 'announcement' | 'not_announcement' | 'locked' | 'unlocked'): Promise<void>
  groupInviteCode?(jid: string): Promise<string | undefined>
}

export const groupJid = (groupId: string) => (groupId.endsWith(GROUP_SUFFIX) ? groupId : `${groupId}${GROUP_SUFFIX}`)
export const inviteLink = (code: string) => `https://chat.whatsapp.com/${code}`

/**
 * A group as the library reports it, in the desk's terms: members by phone number (an anonymous
 * `@lid` member without one is left out: nobody can be messaged there), the account's own number
 * apart, and whether the account is one of its admins.
 */
export const mapGroupMetadata = (meta: GroupMetadata, own: { number: string; lid?: string }): DriverGroup => {
  let isAdmin = false
  const participants: string[] = []
  const ownLid = own.lid ? jidToNumber(own.lid) : null
  for (const p of meta.participants) {
    const jid = phoneJid(p.id, p.phoneNumber)
    const number = jidToNumber(jid)
    const anonymous = jid.endsWith('@lid')
    if ((!anonymous && number === own.number) || (anonymous && ownLid !== null && number === ownLid)) {
      isAdmin = Boolean(p.admin) || Boolean(p.isAdmin) || Boolean(p.isSuperAdmin)
      continue
    }
    if (!anonymous && number) participants.push(number)
  }
  return {
    id: meta.id.replace(GROUP_SUFFIX, ''),
    name: meta.subject?.trim() || jidToNumber(meta.id),
    description: meta.desc?.trim() || null,
    participants,
    isAdmin,
    announce: Boolean(meta.announce),
  }
}
