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

/**
 * A location: `image|link|description`, the image and the description optional. The image is
 * kept only as an inline `data:image/` URL (the app's policy loads no pictures from elsewhere),
 * and an empty image part is a location without a thumbnail (what the simulator's `/location` and
 * the Cloud API store). Null unless the link is http(s), so a crafted body never makes a
 * `javascript:` link, and null when the image part is anything else (a text with pipes).
 */
export function parseLocation(body: string): { image: string | null; link: string; description: string } | null {
  const [image = '', link = '', ...description] = body.split('|')
  const src = image.trim()
  const href = link.trim()
  if ((src && !src.startsWith('data:image/')) || !/^https?:\/\/\S+$/i.test(href)) return null
  return { image: src || null, link: href, description: description.join('|').trim() }
}

/** What a one-line preview shows instead of the text of a special body. */
export function previewKind(body: string): 'contact' | 'location' | 'image' | null {
  if (/^BEGIN:VCARD/i.test(body.trim())) return 'contact'
  if (parseLocation(body)) return 'location'
  if (body.startsWith('data:image/')) return 'image'
  return null
}
