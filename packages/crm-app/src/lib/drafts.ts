import type { Message } from '@desk/api-client'
import { useCallback, useRef, useSyncExternalStore } from 'react'

/** What an agent left in a ticket's composer: kept per ticket until it is sent, as WhatsApp keeps drafts. */
export interface Draft {
  text: string
  replyTo: Message | null
  /** Chosen files waiting for Send; kept in memory only (a reload loses them). */
  files: File[]
}

/** Session storage key: the text and the reply-to survive a reload of the tab, and end with it. */
const KEY = 'ticketDrafts'
const EMPTY: Draft = { text: '', replyTo: null, files: [] }

let drafts: ReadonlyMap<number, Draft> | null = null
const listeners = new Set<() => void>()

const isMessage = (value: unknown): value is Message =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number'

function restore() {
  const map = new Map<number, Draft>()
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '{}')
    if (typeof stored !== 'object' || stored === null) return map
    for (const [id, value] of Object.entries(stored)) {
      const { text, replyTo } = (value ?? {}) as { text?: unknown; replyTo?: unknown }
      map.set(Number(id), {
        text: typeof text === 'string' ? text : '',
        replyTo: isMessage(replyTo) ? replyTo : null,
        files: [],
      })
    }
  } catch {
    // Unreadable or unavailable storage: no drafts to bring back.
  }
  return map
}

function all() {
  drafts ??= restore()
  return drafts
}

function persist(map: ReadonlyMap<number, Draft>) {
  const stored: Record<number, { text: string; replyTo: Message | null }> = {}
  for (const [id, { text, replyTo }] of map) if (text || replyTo) stored[id] = { text, replyTo }
  try {
    sessionStorage.setItem(KEY, JSON.stringify(stored))
  } catch {
    // Private mode or a full storage: the drafts last until the tab reloads.
  }
}

const isEmpty = (draft: Draft) => draft.text === '' && draft.replyTo === null && draft.files.length === 0

/** Changes a ticket's draft; a draft left empty is dropped. */
export function updateDraft(ticketId: number, change: Partial<Draft>) {
  const map = new Map(all())
  const next = { ...(map.get(ticketId) ?? EMPTY), ...change }
  if (isEmpty(next)) map.delete(ticketId)
  else map.set(ticketId, next)
  drafts = map
  persist(map)
  for (const listener of listeners) listener()
}

/** Sent: the ticket's draft is gone. */
export const clearDraft = (ticketId: number) => updateDraft(ticketId, EMPTY)

/** Every draft of this tab dropped, e.g. when the agent signs out. */
export function clearAllDrafts() {
  drafts = new Map()
  try {
    sessionStorage.removeItem(KEY)
  } catch {
    // Nothing stored.
  }
  for (const listener of listeners) listener()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** A ticket's draft and a function to change it. */
export function useDraft(ticketId: number) {
  const draft = useSyncExternalStore(subscribe, () => all().get(ticketId) ?? EMPTY)
  const update = useCallback((change: Partial<Draft>) => updateDraft(ticketId, change), [ticketId])
  return [draft, update] as const
}

/**
 * Only the message a ticket's draft replies to, and a function to set it: a conversation that shows the reply
 * is not drawn again on every key typed in its composer.
 */
export function useDraftReply(ticketId: number) {
  const replyTo = useSyncExternalStore(subscribe, () => all().get(ticketId)?.replyTo ?? null)
  const setReplyTo = useCallback((message: Message | null) => updateDraft(ticketId, { replyTo: message }), [ticketId])
  return [replyTo, setReplyTo] as const
}

let previews: { source: ReadonlyMap<number, Draft>; value: Record<number, string> } | null = null

/** The list's line for each ticket with a draft: its text, else the names of its files (a reply alone: empty). */
export function draftPreviews() {
  const source = all()
  if (previews?.source !== source) {
    const value: Record<number, string> = {}
    for (const [id, draft] of source) value[id] = draft.text.trim() || draft.files.map((file) => file.name).join(', ')
    previews = { source, value }
  }
  return previews.value
}

const sameLines = (a: Record<number, string>, b: Record<number, string>) => {
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((id) => b[Number(id)] === a[Number(id)])
}

/**
 * The draft lines of every ticket but `except` (the open one, whose draft is in its composer), by ticket id,
 * for the ticket list. The same object while those lines stay the same: typing in the open ticket does not
 * draw the list again.
 */
export function useDraftPreviews(except?: number) {
  const last = useRef<Record<number, string>>({})
  return useSyncExternalStore(subscribe, () => {
    const others: Record<number, string> = Object.fromEntries(
      Object.entries(draftPreviews()).filter(([id]) => Number(id) !== except),
    )
    if (!sameLines(last.current, others)) last.current = others
    return last.current
  })
}
