import { z } from 'zod'
import { digitsOnly } from '../common'
import { safeText } from '../text'
import { IsoDate, PageQuery, VALIDATION_MESSAGES } from '../validation'

/** The opt-out list: numbers that wrote a stop word, or that an admin added. Every later job skips them. */

const m = VALIDATION_MESSAGES

/** The `outreachStopWords` setting's value until an admin changes it: comma-separated. */
export const DEFAULT_STOP_WORDS = 'SAIR,PARAR,STOP,BAJA'

/** Upper case, accents and everything but letters and digits removed: `¡Bája!` → `BAJA`. */
export const foldStopWord = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]/gu, '')

/** The last setting value read and its words: every customer message is checked against the same few. */
let lastParsed: { value: string | undefined | null; words: readonly string[] } | undefined

/** The stop words of a setting value (comma- or line-separated), folded. */
export const parseStopWords = (value: string | undefined | null): readonly string[] => {
  if (lastParsed && lastParsed.value === value) return lastParsed.words
  const words = (value ?? DEFAULT_STOP_WORDS).split(/[,\n]/).map(foldStopWord).filter(Boolean)
  lastParsed = { value, words }
  return words
}

/** Whether a text has more ASCII letters and digits than `max`: folding keeps each of them as one character. */
const moreLettersThan = (text: string, max: number) => {
  let count = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    const lower = c | 0x20
    if ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && lower >= 0x61 && lower <= 0x7a)) {
      count += 1
      if (count > max) return true
    }
  }
  return false
}

/**
 * Whether a whole inbound text is one of the stop words (case, accents and punctuation aside). A text
 * with more plain letters and digits than the longest word is none of them, and is not folded.
 */
export const isStopWord = (text: string, words: readonly string[]): boolean => {
  let longest = 0
  for (const word of words) longest = Math.max(longest, word.length)
  if (moreLettersThan(text, longest)) return false
  const folded = foldStopWord(text)
  return folded !== '' && words.includes(folded)
}

/** A setting value for `outreachStopWords`: words of letters and digits, separated by commas. */
export const isStopWordsValue = (value: string): boolean =>
  value.length <= 100 && value.split(',').every((word) => foldStopWord(word) !== '')

export const OPT_OUT_SOURCES = ['stopWord', 'admin'] as const
export const OptOut = z.object({
  /** Digits only: the number as the network reports it (groups are never opted out). */
  number: safeText(),
  source: z.enum(OPT_OUT_SOURCES),
  createdAt: IsoDate,
})
export type OptOut = z.infer<typeof OptOut>

/** `GET /optOuts` (admins): newest first, 50 a page; `searchParam` matches the start of the number. */
export const OptOutListQuery = PageQuery
export type OptOutListQuery = z.input<typeof OptOutListQuery>
export const OptOutListResponse = z.object({ optOuts: z.array(OptOut), hasMore: z.boolean() })
export type OptOutListResponse = z.infer<typeof OptOutListResponse>

/** The longest number the opt-out list holds (its column): no job sends to a longer one. */
export const OPT_OUT_NUMBER_MAX_DIGITS = 40

const OptOutNumber = safeText({ error: m.required })
  .max(100, { error: m.tooLong })
  .transform(digitsOnly)
  .refine((digits) => digits.length >= 8 && digits.length <= OPT_OUT_NUMBER_MAX_DIGITS, { error: m.invalid })

/** `POST /optOuts` (admins): adds a number (formatting dropped). Adding one already listed changes nothing. */
export const OptOutCreateRequest = z.object({ number: OptOutNumber })
export type OptOutCreateRequest = z.input<typeof OptOutCreateRequest>

/** `DELETE /optOuts/:number` (admins). */
export const OptOutParams = z.object({ number: OptOutNumber })
