import { Stack, Text } from '@chakra-ui/react'
import { useT } from '../../../internal/useT'
import { CodeBlock } from './CodeBlock'
import { AGENT_TOKEN_EXAMPLE, CUSTOMER_TOKEN_EXAMPLE, SET_USER_SNIPPET } from './snippets'

/** How a partner's server mints a token with the secret, and how the page hands it to the widget. */
export function TokenExample({ onCopy }: { onCopy: (code: string) => void }) {
  const t = useT()
  return (
    <Stack gap="3">
      <Stack gap="1.5">
        <Text textStyle="sm" fontWeight="medium">
          {t('webChatEmbed.tokens')}
        </Text>
        <Text textStyle="xs" color="fg.muted">
          {t('webChatEmbed.tokenIntro')}
        </Text>
      </Stack>
      <CodeBlock
        title={t('webChatEmbed.customerToken')}
        hint={t('webChatEmbed.customerTokenHint')}
        code={CUSTOMER_TOKEN_EXAMPLE}
        onCopy={onCopy}
      />
      <CodeBlock
        title={t('webChatEmbed.agentToken')}
        hint={t('webChatEmbed.agentTokenHint')}
        code={AGENT_TOKEN_EXAMPLE}
        onCopy={onCopy}
      />
      <CodeBlock title={t('webChatEmbed.setUser')} hint={t('webChatEmbed.setUserHint')} code={SET_USER_SNIPPET} />
    </Stack>
  )
}
