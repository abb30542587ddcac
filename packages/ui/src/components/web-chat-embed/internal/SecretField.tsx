import { Button, Field, Flex, Input, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { LuCopy, LuEye, LuEyeOff, LuRefreshCw } from 'react-icons/lu'
import { useT } from '../../../internal/useT'
import { formatDateTime } from '../../../lib/datetime'
import { ConfirmDialog } from '../../confirm-dialog/ConfirmDialog'
import { ErrorMessage } from '../../error-message/ErrorMessage'
import type { WebChatEmbedPanelProps } from '../WebChatEmbedPanel'

type SecretFieldProps = Pick<
  WebChatEmbedPanelProps,
  'secret' | 'rotatedAt' | 'isRevealing' | 'isRotating' | 'secretError' | 'onReveal' | 'onHide' | 'onRotate'
> & { onCopy: (secret: string) => void }

/** Stands for the secret while it is hidden: the same width whatever the secret. */
const MASK = '•'.repeat(32)

/** The signing secret: hidden until Reveal, with Copy once shown, and Rotate behind a confirmation. */
export function SecretField(props: SecretFieldProps) {
  const { secret, rotatedAt, isRevealing, isRotating, secretError } = props
  const t = useT()
  const [confirming, setConfirming] = useState(false)
  const shown = Boolean(secret)
  const outline = { size: 'sm', variant: 'outline', colorPalette: 'gray' } as const
  return (
    <Field.Root gap="1.5">
      <Field.Label>{t('webChatEmbed.secret')}</Field.Label>
      <Text textStyle="xs" color="fg.muted">
        {t('webChatEmbed.secretHint')}
      </Text>
      <Input readOnly size="sm" fontFamily="mono" textStyle="xs" value={secret || MASK} />
      <Flex gap="2" width="full" wrap="wrap">
        {shown ? (
          <>
            <Button {...outline} onClick={() => props.onCopy(secret as string)}>
              <LuCopy aria-hidden />
              {t('webChatEmbed.copy')}
            </Button>
            <Button {...outline} onClick={props.onHide}>
              <LuEyeOff aria-hidden />
              {t('webChatEmbed.hide')}
            </Button>
          </>
        ) : (
          <Button {...outline} onClick={props.onReveal} loading={isRevealing} loadingText={t('webChatEmbed.reveal')}>
            <LuEye aria-hidden />
            {t('webChatEmbed.reveal')}
          </Button>
        )}
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          marginInlineStart="auto"
          onClick={() => setConfirming(true)}
          loading={isRotating}
          loadingText={t('webChatEmbed.rotate')}
        >
          <LuRefreshCw aria-hidden />
          {t('webChatEmbed.rotate')}
        </Button>
      </Flex>
      {rotatedAt && (
        <Text textStyle="xs" color="fg.muted">
          {t('webChatEmbed.rotatedAt', { date: formatDateTime(rotatedAt) })}
        </Text>
      )}
      <ErrorMessage error={secretError} />
      <ConfirmDialog
        open={confirming}
        destructive
        title={t('webChatEmbed.rotateTitle')}
        confirmLabel={t('webChatEmbed.rotate')}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false)
          props.onRotate()
        }}
      >
        {t('webChatEmbed.rotateBody')}
      </ConfirmDialog>
    </Field.Root>
  )
}
