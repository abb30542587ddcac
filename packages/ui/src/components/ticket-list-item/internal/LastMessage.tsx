import { Text } from '@chakra-ui/react'
import { previewKind } from '../../../internal/messageBody'
import { useT } from '../../../internal/useT'
import { RestrictedMarkdown } from '../../restricted-markdown/RestrictedMarkdown'

/** One line of the last message; contact cards and inline images show a label instead of their text. */
export function LastMessage({ body }: { body: string | null }) {
  const t = useT()
  if (!body) return <Text textStyle="sm">&nbsp;</Text>
  const kind = previewKind(body)
  return (
    <Text as="div" textStyle="sm" color="fg.muted" minWidth="0" fontStyle={kind ? 'italic' : undefined}>
      {kind ? t(`tickets.preview.${kind}`) : <RestrictedMarkdown truncate>{body}</RestrictedMarkdown>}
    </Text>
  )
}
