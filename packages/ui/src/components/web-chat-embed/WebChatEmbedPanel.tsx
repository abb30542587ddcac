import { Box, Stack } from '@chakra-ui/react'
import { useT } from '../../internal/useT'
import type { UiError } from '../error-message/useErrorText'
import { CodeBlock } from './internal/CodeBlock'
import { SecretField } from './internal/SecretField'
import { type EmbedTarget, frameUrl, scriptSnippet } from './internal/snippets'
import { TokenExample } from './internal/TokenExample'

export interface WebChatEmbedPanelProps extends EmbedTarget {
  /** The signing secret once revealed; without it the secret stays hidden behind Reveal. */
  secret?: string | null
  /** When the secret was last rotated (ISO), if ever. */
  rotatedAt?: string | null
  isRevealing?: boolean
  isRotating?: boolean
  /** Reading or rotating the secret failed. */
  secretError?: UiError | null
  onReveal: () => void
  onHide: () => void
  /** The admin confirmed the rotation (tokens signed with the old secret stop working). */
  onRotate: () => void
  /** Copy a snippet, the iframe address or the secret. */
  onCopy: (text: string) => void
}

/**
 * How a partner embeds a web chat connection: the script tag with its queueing stub, the plain iframe
 * address, the signing secret (hidden until revealed, rotated behind a confirmation) and an example of
 * minting a partner token with it.
 */
export function WebChatEmbedPanel({ onCopy, ...props }: WebChatEmbedPanelProps) {
  const t = useT()
  return (
    <Stack gap="5">
      <CodeBlock
        title={t('webChatEmbed.script')}
        hint={t('webChatEmbed.scriptHint')}
        code={scriptSnippet(props)}
        onCopy={onCopy}
      />
      <CodeBlock
        title={t('webChatEmbed.frame')}
        hint={t('webChatEmbed.frameHint')}
        code={frameUrl(props)}
        onCopy={onCopy}
      />
      <Box borderTopWidth="1px" />
      <SecretField {...props} onCopy={onCopy} />
      <Box borderTopWidth="1px" />
      <TokenExample onCopy={onCopy} />
    </Stack>
  )
}
