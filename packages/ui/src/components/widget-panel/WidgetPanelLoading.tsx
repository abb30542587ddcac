import { Flex, Skeleton, Stack, VisuallyHidden } from '@chakra-ui/react'
import { useT } from '../../internal/useT'

const ROWS = [
  { own: false, width: '60%', height: '10' },
  { own: true, width: '45%', height: '8' },
  { own: false, width: '70%', height: '14' },
  { own: true, width: '35%', height: '8' },
]

/** The conversation on its way: bubbles' shapes in place of the messages. */
export function WidgetPanelLoading() {
  const t = useT()
  return (
    <Stack role="status" aria-busy flex="1" minHeight="0" gap="3" padding="3" bg="bg.subtle">
      <VisuallyHidden>{t('widget.loading')}</VisuallyHidden>
      {ROWS.map((row, index) => (
        <Flex key={index} justifyContent={row.own ? 'flex-end' : 'flex-start'}>
          <Skeleton width={row.width} height={row.height} borderRadius="l3" />
        </Flex>
      ))}
    </Stack>
  )
}
