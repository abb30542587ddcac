import { chakra, Text } from '@chakra-ui/react'

/** Characters kept before the first match, so a match deep in a long message still shows. */
const LEAD = 24

const Mark = chakra('mark', {
  base: { bg: 'colorPalette.subtle', color: 'fg', borderRadius: 'xs', paddingInline: '0.5' },
})

/** Splits `body` into plain and matching pieces (case-insensitive), starting a little before the first match. */
export function matchPieces(body: string, search: string): Array<{ text: string; match: boolean }> {
  // Plain text: the emphasis marks of WhatsApp (*bold*, _italic_, ~strike~) are dropped, the words kept.
  const text = body.replace(/([*_~])(\S(?:.*?\S)?)\1/g, '$2').replace(/\s+/g, ' ')
  const needle = search.trim().toLowerCase()
  if (!needle) return [{ text, match: false }]
  const lower = text.toLowerCase()
  const first = lower.indexOf(needle)
  const start = first > LEAD ? first - LEAD : 0
  const pieces: Array<{ text: string; match: boolean }> = []
  let at = start
  for (let hit = first; hit >= 0; hit = lower.indexOf(needle, at)) {
    if (hit > at) pieces.push({ text: text.slice(at, hit), match: false })
    pieces.push({ text: text.slice(hit, hit + needle.length), match: true })
    at = hit + needle.length
  }
  if (at < text.length) pieces.push({ text: text.slice(at), match: false })
  if (start > 0) pieces.unshift({ text: '…', match: false })
  return pieces
}

/** One line of the message a search found, the searched text marked. */
export function MatchedMessage({ body, search }: { body: string; search: string }) {
  return (
    <Text textStyle="sm" color="fg.muted" minWidth="0" truncate data-search-match>
      {matchPieces(body, search).map((piece, i) =>
        piece.match ? <Mark key={i}>{piece.text}</Mark> : <span key={i}>{piece.text}</span>,
      )}
    </Text>
  )
}
