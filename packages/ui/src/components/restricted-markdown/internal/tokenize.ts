/**
 * A small tokenizer for the messaging app's formatting: *bold*, _italic_, ~strike~, `code`, ```code blocks```
 * and bare links. It returns plain data; nothing in a message is ever interpreted as HTML.
 */
export type MdNode =
  | { type: 'text'; value: string }
  | { type: 'bold' | 'italic' | 'strike'; children: MdNode[] }
  | { type: 'code' | 'codeBlock'; value: string }
  | { type: 'link'; href: string; value: string }

const MARKERS = { '*': 'bold', _: 'italic', '~': 'strike' } as const
type Marker = keyof typeof MARKERS

/** http(s) or www. links up to the next space; trailing punctuation stays outside the link. */
const LINK = /^(?:https?:\/\/|www\.)[^\s<>"]+/i
const TRAILING = /[.,;:!?'")\]]+$/
const WORD = /[\p{L}\p{N}]/u

const isWordChar = (c: string | undefined) => c !== undefined && WORD.test(c)
const isSpace = (c: string | undefined) => c === undefined || /\s/.test(c)

export function tokenize(text: string): MdNode[] {
  const nodes: MdNode[] = []
  let rest = text
  for (;;) {
    const start = rest.indexOf('```')
    const end = start < 0 ? -1 : rest.indexOf('```', start + 3)
    if (end < 0) break
    pushAll(nodes, tokenizeInline(rest.slice(0, start)))
    nodes.push({
      type: 'codeBlock',
      value: rest
        .slice(start + 3, end)
        .replace(/^\n/, '')
        .replace(/\n$/, ''),
    })
    rest = rest.slice(end + 3)
  }
  pushAll(nodes, tokenizeInline(rest))
  return nodes
}

function tokenizeInline(text: string): MdNode[] {
  const nodes: MdNode[] = []
  let buffer = ''
  let i = 0
  const flush = () => {
    if (buffer) nodes.push({ type: 'text', value: buffer })
    buffer = ''
  }
  while (i < text.length) {
    const c = text[i]
    const before = text[i - 1]
    if (c === '`') {
      const close = text.indexOf('`', i + 1)
      if (close > i + 1 && !text.slice(i + 1, close).includes('\n')) {
        flush()
        nodes.push({ type: 'code', value: text.slice(i + 1, close) })
        i = close + 1
        continue
      }
    }
    if ((c === 'h' || c === 'H' || c === 'w' || c === 'W') && !isWordChar(before)) {
      const match = LINK.exec(text.slice(i))
      if (match) {
        const value = match[0].replace(TRAILING, '')
        if (value.length > 4) {
          flush()
          nodes.push({ type: 'link', value, href: /^www\./i.test(value) ? `https://${value}` : value })
          i += value.length
          continue
        }
      }
    }
    if (c in MARKERS && !isWordChar(before) && !isSpace(text[i + 1])) {
      const close = findClose(text, i, c as Marker)
      if (close > 0) {
        flush()
        nodes.push({ type: MARKERS[c as Marker], children: tokenizeInline(text.slice(i + 1, close)) })
        i = close + 1
        continue
      }
    }
    buffer += c
    i += 1
  }
  flush()
  return nodes
}

/** The closing marker on the same line: not after a space and not followed by a letter or digit. */
function findClose(text: string, open: number, marker: Marker): number {
  for (let j = open + 2; j < text.length; j++) {
    if (text[j] === '\n') return -1
    if (text[j] === marker && !isSpace(text[j - 1]) && !isWordChar(text[j + 1])) return j
  }
  return -1
}

function pushAll(target: MdNode[], nodes: MdNode[]) {
  for (const node of nodes) {
    const last = target[target.length - 1]
    if (node.type === 'text' && last?.type === 'text') last.value += node.value
    else target.push(node)
  }
}

/** The text a reader would see, without the markers: for previews and accessible names. */
export function plainText(nodes: MdNode[]): string {
  return nodes.map((n) => ('children' in n ? plainText(n.children) : n.value)).join('')
}
