/** What the Apple check reads of the browser (`navigator` in the app, a plain object in tests). */
export type BrowserIdentity = Pick<Navigator, 'userAgent' | 'platform'>

const IOS = /iPhone|iPad|iPod/
/** Browsers on a Mac that name Safari in their user agent without being Safari. */
const NOT_SAFARI = /Chrome|Chromium|CriOS|Edg|OPR|Firefox|FxiOS/

/**
 * Whether the app runs on an Apple device, where the browser may not play Ogg/Opus voice notes
 * (seed 000: Apple devices receive mp3 instead of ogg): an iPhone, iPad or iPod (every browser there
 * is Safari's engine), or Safari on a Mac (where iPads also say "Macintosh").
 */
export const isAppleDevice = (browser: BrowserIdentity | undefined = globalThis.navigator): boolean => {
  if (!browser) return false
  const { userAgent = '', platform = '' } = browser
  if (IOS.test(userAgent) || IOS.test(platform)) return true
  return /Macintosh/.test(userAgent) && /Safari/.test(userAgent) && !NOT_SAFARI.test(userAgent)
}

/**
 * The server's media address of an Ogg file: `/api/media/<signature>/<expires>/<name>.ogg`, or the
 * older `/api/media/<name>.ogg?expires=…&signature=…`.
 */
const OGG_MEDIA = /\/media\/(?:[\w-]+\/\d+\/)?[^/?#]+\.ogg(\?|$)/

/**
 * The address of the server's MP3 copy of an Ogg voice note: the same signed address with
 * `format=mp3` (the signature does not cover the format). Other addresses are returned unchanged.
 */
export const mp3AudioUrl = (url: string): string => {
  const match = OGG_MEDIA.exec(url)
  if (!match || /[?&]format=/.test(url)) return url
  return `${url}${match[1] ? '&' : '?'}format=mp3`
}

/**
 * Messages as an Apple device should play them: Ogg voice notes point at their MP3 copy. Messages
 * that need no change are kept as they are, so the list does not draw them again.
 */
export const withMp3Audio = <M extends { mediaType: string; mediaUrl: string | null }>(messages: M[]): M[] =>
  messages.map((message) => {
    if (message.mediaType !== 'audio' || !message.mediaUrl) return message
    const mediaUrl = mp3AudioUrl(message.mediaUrl)
    return mediaUrl === message.mediaUrl ? message : { ...message, mediaUrl }
  })
