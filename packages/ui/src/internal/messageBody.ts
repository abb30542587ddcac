/** Reading the bodies of special messages (formats of the messaging connection). */

/** A contact card: `BEGIN:VCARD` … `FN:name` … a phone line; the number keeps only digits. */
export function parseVcard(body: string): { name: string; number: string } | null {
  if (!/^BEGIN:VCARD/i.test(body.trim())) return null
  const lines = body.split(/\r?\n/)
  const name = lines.find((l) => /^FN[:;]/i.test(l))?.replace(/^FN[^:]*:/i, '') ?? ''
  const phone = lines.find((l) => /^(item\d+\.)?TEL[:;]/i.test(l))
  const raw = phone ? (/waid=(\d+)/i.exec(phone)?.[1] ?? phone.replace(/^[^:]*:/, '')) : ''
  return { name: name.trim(), number: raw.replace(/\D/g, '') }
}

/** A location: `image|link|description` (description optional), the image an inline data URL. */
export function parseLocation(body: string): { image: string; link: string; description: string } | null {
  const [image, link, ...description] = body.split('|')
  if (!image?.startsWith('data:image/') || !link || !/^https?:\/\//i.test(link)) return null
  return { image, link, description: description.join('|').trim() }
}

/** What a one-line preview shows instead of the text of a special body. */
export function previewKind(body: string): 'contact' | 'location' | 'image' | null {
  if (/^BEGIN:VCARD/i.test(body.trim())) return 'contact'
  if (parseLocation(body)) return 'location'
  if (body.startsWith('data:image/')) return 'image'
  return null
}
