import { Text } from '@chakra-ui/react'
import { previewKind } from '../../../internal/messageBody'
import { useT } from '../../../internal/useT'
import { RestrictedMarkdown } from '../../restricted-markdown/RestrictedMarkdown'

/**
 * One line of the last message; contact cards and inline images show a label instead of their text.
 * A draft waiting in the composer takes the line instead, after "Draft:", as WhatsApp shows it.
 */
export function LastMessage({ body, draft }: { body: string | null; draft?: string }) {
  const t = useT()
  if (draft !== undefined) {
    return (
      <Text as="div" textStyle="sm" color="fg.muted" minWidth="0" truncate>
        <Text as="span" fontWeight="semibold" color="brand.fg">
          {t('tickets.draft')}
        </Text>{' '}
        {draft}
      </Text>
    )
  }
  if (!body) return <Text textStyle="sm">&nbsp;</Text>
  const kind = previewKind(body)
  return (
    <Text as="div" textStyle="sm" color="fg.muted" minWidth="0" fontStyle={kind ? 'italic' : undefined}>
      {kind ? t(`tickets.preview.${kind}`) : <RestrictedMarkdown truncate>{body}</RestrictedMarkdown>}
    </Text>
  )
}
