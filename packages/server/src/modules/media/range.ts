/** An inclusive byte span of a file, as a `Range: bytes=start-end` names it. */
export interface ByteRange {
  start: number
  end: number
}

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/i

/**
 * Reads a `Range` header against a file of `size` bytes: the one span to send, `'unsatisfiable'` for a 416,
 * or null to send the whole file. Headers this server does not serve in parts (other units, several spans,
 * a malformed or backwards span) are ignored, as RFC 9110 §14.2 allows, and the whole file goes out.
 */
export const parseRange = (header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null => {
  const match = header ? SINGLE_RANGE.exec(header.replace(/\s+/g, '')) : null
  if (!match) return null
  const [, first = '', last = ''] = match
  if (first === '' && last === '') return null
  if (first === '') {
    // Suffix form: the last N bytes.
    const length = Number(last)
    if (length === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - length), end: size - 1 }
  }
  const start = Number(first)
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  if (last !== '' && Number(last) < start) return null
  if (start >= size) return 'unsatisfiable'
  return { start, end }
}
