/**
 * How many SMS segments a text takes, as a carrier bills it (3GPP TS 23.038 / 23.040).
 *
 * A text made only of GSM-7 characters is sent as GSM-7: 160 characters in one segment, or 153 in
 * each part of a multipart message (the other 7 hold the concatenation header). Characters of the
 * extension table (`{ } [ ] ~ \ | ^ €` and form feed) are an escape plus a character, so they count 2.
 * Any other character (an accent outside the table, an emoji, a Cyrillic letter) switches the whole
 * text to UCS-2: 70 UTF-16 code units in one segment, 67 in each part, and an emoji outside the
 * basic plane takes 2. A part never ends between an escape and its character, nor between the two
 * halves of a surrogate pair; the part then ends early and the character starts the next one.
 */

export type SmsEncoding = 'GSM-7' | 'UCS-2'

export interface SmsSegmentEstimate {
  encoding: SmsEncoding
  /** Segments the text takes (0 for an empty text). */
  segments: number
  /** Units the text takes in its encoding: septets for GSM-7 (extension characters count 2), UTF-16 code units for UCS-2. */
  characters: number
  /** Units one segment holds: 160/70 for a single segment, 153/67 for each part of a multipart message. */
  perSegment: number
  /** Units still free in the last segment before another one is needed. */
  remaining: number
}

/** Single segment and multipart capacity, by encoding. */
export const SMS_SEGMENT_LIMITS = {
  'GSM-7': { single: 160, part: 153 },
  'UCS-2': { single: 70, part: 67 },
} as const satisfies Record<SmsEncoding, { single: number; part: number }>

const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
    '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
)
const GSM7_EXTENSION = new Set('\f^{}\\[~]|€')

/** Septets a character takes in GSM-7, or `undefined` when GSM-7 cannot carry it. */
const gsm7Cost = (char: string): 1 | 2 | undefined =>
  GSM7_BASIC.has(char) ? 1 : GSM7_EXTENSION.has(char) ? 2 : undefined

/** Whether GSM-7 can carry the whole text (basic or extension table only). */
export const isGsm7 = (text: string): boolean => {
  for (const char of text) if (gsm7Cost(char) === undefined) return false
  return true
}

/**
 * The encoding and segments of one SMS text.
 * @example smsSegments('Olá 👋') // { encoding: 'UCS-2', segments: 1, characters: 6, perSegment: 70, remaining: 64 }
 */
export const smsSegments = (text: string): SmsSegmentEstimate => {
  const encoding: SmsEncoding = isGsm7(text) ? 'GSM-7' : 'UCS-2'
  const limits = SMS_SEGMENT_LIMITS[encoding]
  // Iterating a string walks code points, so a surrogate pair arrives whole (length 2).
  const costs: number[] = []
  for (const char of text) costs.push(encoding === 'GSM-7' ? (gsm7Cost(char) ?? 1) : char.length)
  const characters = costs.reduce((sum, cost) => sum + cost, 0)

  if (characters <= limits.single) {
    return {
      encoding,
      segments: characters === 0 ? 0 : 1,
      characters,
      perSegment: limits.single,
      remaining: limits.single - characters,
    }
  }
  let segments = 1
  let used = 0
  for (const cost of costs) {
    if (used + cost > limits.part) {
      segments += 1
      used = 0
    }
    used += cost
  }
  return { encoding, segments, characters, perSegment: limits.part, remaining: limits.part - used }
}

/** Segments a job sends: one text to each of `recipients` numbers. */
export const smsJobSegments = (text: string, recipients: number): number =>
  smsSegments(text).segments * Math.max(0, recipients)
