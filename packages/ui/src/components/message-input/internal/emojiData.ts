import type { EmojiData } from 'frimousse'

/** The emoji sets shipped with the app, one per language; other languages read the English one. */
export type EmojiLocale = 'en' | 'pt' | 'es'

interface DatasetEmoji {
  emoji: string
  label: string
  group?: number
  subgroup?: number
  version: number
  tags?: string[]
  skins?: Array<{ emoji: string; tone?: number | number[] }>
}
interface DatasetMessages {
  groups: Array<{ key: string; order: number }>
  subgroups: Array<{ key: string; order: number }>
  skinTones: Array<{ key: string; message: string }>
}

/**
 * The datasets as lazy modules: bundled with the app and served from its own origin, each fetched
 * only when the picker first opens in that language — never from a CDN (the app's policy forbids it,
 * and desks may run offline).
 */
const DATASETS: Record<EmojiLocale, () => Promise<[{ default: unknown }, { default: unknown }]>> = {
  en: () => Promise.all([import('emojibase-data/en/data.json'), import('emojibase-data/en/messages.json')]),
  pt: () => Promise.all([import('emojibase-data/pt/data.json'), import('emojibase-data/pt/messages.json')]),
  es: () => Promise.all([import('emojibase-data/es/data.json'), import('emojibase-data/es/messages.json')]),
}

/** Emoji up to this Unicode Emoji version: what the systems desks run on draw (newer ones show as boxes). */
export const MAX_EMOJI_VERSION = 15

export const emojiLocaleOf = (locale: string): EmojiLocale => {
  const language = locale.toLowerCase().split('-')[0]
  return language === 'pt' || language === 'es' ? language : 'en'
}

const TONES = ['light', 'medium-light', 'medium', 'medium-dark', 'dark'] as const
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * Reads a language's dataset into frimousse's shape (as its own loader does with the files it
 * fetches), with category names from `categoryLabel` so they follow the app's translations.
 */
export async function loadEmojiData(locale: EmojiLocale, categoryLabel: (order: number) => string): Promise<EmojiData> {
  const [data, messages] = await DATASETS[locale]()
  const emojis = data.default as DatasetEmoji[]
  const { groups, subgroups, skinTones } = messages.default as DatasetMessages
  const flags = new Set(
    subgroups.filter((s) => s.key === 'country-flag' || s.key === 'subdivision-flag').map((s) => s.order),
  )
  return {
    locale,
    categories: groups
      .filter((g) => g.key !== 'component')
      .map((g) => ({ index: g.order, label: categoryLabel(g.order) })),
    skinTones: Object.fromEntries(skinTones.map((s) => [s.key, capitalize(s.message)])) as EmojiData['skinTones'],
    emojis: emojis
      .filter((e) => e.group !== undefined && e.version <= MAX_EMOJI_VERSION)
      .map((e) => {
        const toned = e.skins?.filter((s) => typeof s.tone === 'number') ?? []
        return {
          emoji: e.emoji,
          category: e.group as number,
          version: e.version,
          label: capitalize(e.label),
          tags: e.tags ?? [],
          countryFlag: (e.subgroup !== undefined && flags.has(e.subgroup)) || undefined,
          skins: toned.length
            ? (Object.fromEntries(toned.map((s) => [TONES[(s.tone as number) - 1], s.emoji])) as Record<
                (typeof TONES)[number],
                string
              >)
            : undefined,
        }
      }),
  }
}
