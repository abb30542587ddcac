import { Button, Field, HStack, Input, Stack } from '@chakra-ui/react'
import { isFrameAddress } from '@desk/api-client/contract'
import { useEffect, useState } from 'react'
import { useT } from '../../internal/useT'
import { type UiError, useErrorText } from '../error-message/useErrorText'

export interface FrameAddressFormProps {
  /** The address saved now ('' for none). */
  value: string
  onSave: (value: string) => void
  isSaving?: boolean
  /** The last save failed. */
  error?: UiError | null
}

/** An administrator's address of a framed page: an http(s) address, or empty for none. */
export function FrameAddressForm({ value, onSave, isSaving, error }: FrameAddressFormProps) {
  const t = useT()
  const errorText = useErrorText()
  const [draft, setDraft] = useState(value)
  useEffect(() => setDraft(value), [value])
  const valid = isFrameAddress(draft.trim())
  return (
    <Stack
      as="form"
      gap="2"
      maxWidth="xl"
      onSubmit={(e) => {
        e.preventDefault()
        if (valid) onSave(draft.trim())
      }}
    >
      <Field.Root invalid={!valid || Boolean(error)}>
        <Field.Label>{t('frames.address')}</Field.Label>
        <HStack width="full">
          <Input
            type="url"
            value={draft}
            placeholder="https://"
            onChange={(e) => setDraft(e.currentTarget.value)}
            flex="1"
          />
          <Button type="submit" size="sm" disabled={!valid || draft.trim() === value} loading={isSaving}>
            {t('frames.save')}
          </Button>
        </HStack>
        {error ? (
          <Field.ErrorText>{errorText(error)}</Field.ErrorText>
        ) : valid ? (
          <Field.HelperText>{t('frames.addressHint')}</Field.HelperText>
        ) : (
          <Field.ErrorText>{t('validation.invalid')}</Field.ErrorText>
        )}
      </Field.Root>
    </Stack>
  )
}
