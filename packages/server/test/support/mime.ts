/** Reads what a plain nodemailer mail says: its subject and its first text part, decoded. */

/** `=C3=A9` → the bytes they stand for (soft line breaks removed). */
const quotedPrintable = (text: string) => {
  const joined = text.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : ''
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'))
  }
  return Buffer.from(bytes)
}

/** An RFC 2047 header value: encoded words (B or Q) joined, then read as UTF-8. */
const headerValue = (value: string) =>
  value.replace(/\?=\s+=\?/g, '?==?').replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)+/g, (run) => {
    const parts = [...run.matchAll(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g)].map(([, kind, data]) =>
      kind!.toUpperCase() === 'B' ? Buffer.from(data!, 'base64') : quotedPrintable(data!.replace(/_/g, ' ')),
    )
    return Buffer.concat(parts).toString('utf8')
  })

const headersOf = (block: string) => {
  const headers = new Map<string, string>()
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':')
    if (at > 0) headers.set(line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim())
  }
  return headers
}

const split = (raw: string) => {
  const at = raw.search(/\r?\n\r?\n/)
  return { head: headersOf(raw.slice(0, at)), body: raw.slice(at).replace(/^\r?\n\r?\n/, '') }
}

const decodeBody = (encoding: string | undefined, body: string) => {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') return quotedPrintable(body).toString('utf8')
  return body
}

export const readMail = (raw: string) => {
  const { head, body } = split(raw)
  const subject = headerValue(head.get('subject') ?? '')
  const boundary = /boundary="?([^";]+)"?/.exec(head.get('content-type') ?? '')?.[1]
  if (!boundary) return { subject, text: decodeBody(head.get('content-transfer-encoding'), body).trim() }
  const first = split(body.split(`--${boundary}`)[1]!.replace(/^\r?\n/, ''))
  return { subject, text: decodeBody(first.head.get('content-transfer-encoding'), first.body).trim() }
}
