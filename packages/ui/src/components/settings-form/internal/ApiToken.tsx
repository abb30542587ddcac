import { Button, Card, Field, Flex, Input, Skeleton } from '@chakra-ui/react'
import { useState } from 'react'
import { LuCopy, LuRefreshCw } from 'react-icons/lu'
import { useT } from '../../../internal/useT'
import { ConfirmDialog } from '../../confirm-dialog/ConfirmDialog'

interface ApiTokenProps {
  token: string
  onCopy: (token: string) => void
  onRegenerate: () => void
  isLoading?: boolean
  isRegenerating?: boolean
}

/** The read-only API token with Copy, and Regenerate behind a confirmation. */
export function ApiToken({ token, onCopy, onRegenerate, isLoading, isRegenerating }: ApiTokenProps) {
  const t = useT()
  const [confirming, setConfirming] = useState(false)
  return (
    <Card.Root size="sm" variant="outline">
      <Card.Body>
        <Field.Root>
          <Field.Label>{t('settings.apiToken')}</Field.Label>
          <Flex gap="2" width="full" direction={{ base: 'column', sm: 'row' }}>
            {isLoading ? (
              <Skeleton height="10" flex="1" />
            ) : (
              <Input readOnly value={token} fontFamily="mono" textStyle="sm" flex="1" />
            )}
            <Button variant="outline" colorPalette="gray" onClick={() => onCopy(token)} disabled={isLoading || !token}>
              <LuCopy aria-hidden />
              {t('settings.copy')}
            </Button>
            <Button
              variant="outline"
              colorPalette="red"
              onClick={() => setConfirming(true)}
              disabled={isLoading}
              loading={isRegenerating}
              loadingText={t('settings.regenerate')}
            >
              <LuRefreshCw aria-hidden />
              {t('settings.regenerate')}
            </Button>
          </Flex>
        </Field.Root>
      </Card.Body>
      <ConfirmDialog
        open={confirming}
        destructive
        title={t('settings.regenerateTitle')}
        confirmLabel={t('settings.regenerate')}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false)
          onRegenerate()
        }}
      >
        {t('settings.regenerateBody')}
      </ConfirmDialog>
    </Card.Root>
  )
}
