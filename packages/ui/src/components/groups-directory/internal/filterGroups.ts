/** One group of the chosen connection, as the directory lists it. */
export interface DirectoryGroup {
  /** The network's id, bare (no `@g.us`). */
  id: string
  name: string
  /** How many people are in it. */
  participants: number
  /** The connection administers it: admin-only actions reach it. */
  isAdmin: boolean
  /** Announcement mode: only admins may write. */
  announce: boolean
  /** The invite link (only a group's administrators can read it). */
  inviteLink?: string | null
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

/** The groups whose name or id holds the search, accents and case aside; all of them for an empty search. */
export function filterGroups(groups: DirectoryGroup[], search: string): DirectoryGroup[] {
  const wanted = fold(search.trim())
  if (!wanted) return groups
  return groups.filter((group) => fold(group.name).includes(wanted) || group.id.includes(wanted))
}

/** The selection after the header checkbox: all shown groups on (kept with those chosen out of view), or all of them off. */
export function toggleShown(selected: string[], shown: DirectoryGroup[]): string[] {
  const ids = shown.map((group) => group.id)
  const allOn = ids.length > 0 && ids.every((id) => selected.includes(id))
  if (allOn) return selected.filter((id) => !ids.includes(id))
  return [...selected, ...ids.filter((id) => !selected.includes(id))]
}
