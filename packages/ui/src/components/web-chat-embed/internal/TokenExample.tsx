import { chakra, Stack, Text } from '@chakra-ui/react'
import { LuChevronRight } from 'react-icons/lu'
import { useT } from '../../../internal/useT'
import { CodeBlock } from './CodeBlock'
import { AGENT_TOKEN_EXAMPLE, CUSTOMER_TOKEN_EXAMPLE, SET_USER_SNIPPET } from './snippets'

/**
 * What a partner token is, and behind "Show an example" how a partner's server mints one with the
 * secret and how the page hands it to the widget.
 */
export function TokenExample({ onCopy }: { onCopy: (code: string) => void }) {
  const t = useT()
  return (
    <Stack gap="1.5">
      <Text textStyle="sm" fontWeight="medium">
        {t('webChatEmbed.tokens')}
      </Text>
      <Text textStyle="xs" color="fg.muted">
        {t('webChatEmbed.tokenIntro')}
      </Text>
      <chakra.details css={{ '&[open] > summary svg': { transform: 'rotate(90deg)' } }}>
        <chakra.summary
          display="inline-flex"
          alignItems="center"
          gap="1"
          textStyle="sm"
          color="colorPalette.fg"
          cursor="pointer"
          listStyle="none"
          borderRadius="l1"
          css={{ '&::-webkit-details-marker': { display: 'none' } }}
          _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
        >
          <LuChevronRight aria-hidden />
          {t('webChatEmbed.showExample')}
        </chakra.summary>
        <Stack gap="3" marginTop="3">
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
      </chakra.details>
    </Stack>
  )
}
