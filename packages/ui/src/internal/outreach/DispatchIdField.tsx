import { Alert, Button, Grid, Input, NativeSelect, Stack } from '@chakra-ui/react'
import { useState } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { LuEye } from 'react-icons/lu'
import { type UiError, useErrorText } from '../../components/error-message/useErrorText'
import { FormField } from '../FormField'
import { useT } from '../useT'

/** A connection the dispatch id may name; only CONNECTED ones are offered. */
export interface OutreachConnection {
  id: number
  name: string
  status: string
}

export interface DispatchIdProps {
  /** The connections (any status): the select and "Show dispatch IDs" offer the CONNECTED ones. */
  connections: OutreachConnection[]
  /** Loading the connections failed: "Show dispatch IDs" says "Error: {message}". */
  connectionsError?: UiError | null
  /** "Show dispatch IDs" was pressed (the page may load the list again). */
  onShowIds?: () => void
}

interface DispatchIdFieldProps extends DispatchIdProps {
  /** The typed field, registered with the form. */
  field: UseFormRegisterReturn<'ticketwhatsappId'>
  /** The field's current text. */
  value: string
  /** A connection was picked in the select: its id goes into the field. */
  onPick: (id: string) => void
  error?: string
}

/**
 * The dispatch id (seed §2): the seed's typed field, a select of the CONNECTED connections that fills
 * it, and "Show dispatch IDs", which lists those ids comma-separated in an alert.
 */
export function DispatchIdField(props: DispatchIdFieldProps) {
  const { connections, connectionsError, field, value, onPick, error } = props
  const t = useT()
  const errorText = useErrorText()
  const [shown, setShown] = useState(false)
  const connected = connections.filter((c) => c.status === 'CONNECTED')
  const picked = connected.some((c) => String(c.id) === value.trim()) ? value.trim() : ''
  return (
    <Stack gap="2">
      <Grid templateColumns={{ base: '1fr', md: '1fr 2fr auto' }} gap="3" alignItems="end">
        <FormField label={t('outreach.dispatchId')} error={error} required>
          <Input inputMode="numeric" autoComplete="off" {...field} />
        </FormField>
        <FormField label={t('outreach.dispatchPick')}>
          <NativeSelect.Root>
            <NativeSelect.Field value={picked} onChange={(e) => onPick(e.currentTarget.value)}>
              <option value="">{t('outreach.dispatchPickPlaceholder')}</option>
              {connected.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {t('outreach.dispatchOption', { name: c.name, id: c.id })}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <Button
          variant="outline"
          colorPalette="gray"
          onClick={() => {
            setShown(true)
            props.onShowIds?.()
          }}
        >
          <LuEye aria-hidden />
          {t('outreach.showIds')}
        </Button>
      </Grid>
      {shown && (
        <Alert.Root status={connectionsError ? 'error' : 'info'} variant="subtle" role="alert">
          <Alert.Indicator />
          <Alert.Description>
            {connectionsError
              ? t('outreach.idsError', { message: errorText(connectionsError) })
              : connected.length > 0
                ? t('outreach.connectedIds', { ids: connected.map((c) => c.id).join(', ') })
                : t('outreach.noConnectedIds')}
          </Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  )
}
