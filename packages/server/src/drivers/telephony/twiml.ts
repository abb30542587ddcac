import type { Locale } from '@desk/api-client'

/** Twilio's `<Say>` language and a voice that speaks it, per desk language. */
export const CALL_VOICES: Record<Locale, { language: string; voice: string }> = {
  en: { language: 'en-US', voice: 'Polly.Joanna' },
  'pt-BR': { language: 'pt-BR', voice: 'Polly.Camila' },
  es: { language: 'es-ES', voice: 'Polly.Lucia' },
}

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')

/** The TwiML of a call that speaks `text` in the desk's language. */
export const sayTwiml = (text: string, language: Locale): string => {
  const { language: lang, voice } = CALL_VOICES[language]
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Say language="${lang}" voice="${voice}">${escapeXml(text)}</Say></Response>`
}
