import { Box, chakra } from '@chakra-ui/react'
import { mentionSpans } from '@desk/api-client/contract'
import type { ChatPerson } from '../types'

export interface MentionTextProps {
  text: string
  /** Who may be mentioned here. */
  people: readonly ChatPerson[]
  /** The reader: mentions of them stand out more. */
  meId?: number | null
}

const Mention = chakra('span', {
  base: { fontWeight: 'semibold', borderRadius: 'l1', paddingInline: '0.5', color: 'colorPalette.fg' },
})

/** Text with each `@Name` of `people` marked; line breaks kept. */
export function MentionText({ text, people, meId }: MentionTextProps) {
  const spans = mentionSpans(text, people)
  const parts: React.ReactNode[] = []
  let at = 0
  for (const span of spans) {
    if (span.start > at) parts.push(text.slice(at, span.start))
    parts.push(
      <Mention
        key={span.start}
        colorPalette={span.userId === meId ? 'yellow' : 'brand'}
        bg={span.userId === meId ? 'colorPalette.subtle' : undefined}
        data-mention={span.userId}
      >
        {text.slice(span.start, span.end)}
      </Mention>,
    )
    at = span.end
  }
  if (at < text.length) parts.push(text.slice(at))
  return (
    <Box as="span" whiteSpace="pre-wrap" overflowWrap="anywhere">
      {parts}
    </Box>
  )
}
