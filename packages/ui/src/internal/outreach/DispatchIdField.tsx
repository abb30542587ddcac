import { Alert, Button, Grid, Input, Stack } from '@chakra-ui/react'
import { useId, useState } from 'react'
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
  error?: string
}

/**
 * The dispatch id (seed §2) in one field: type an id, or choose a CONNECTED connection from the list
 * the field offers (its id goes in); the connection an id names is said under it. "Show dispatch IDs"
 * lists the connected ids comma-separated in an alert, as the seed did.
 */
export function DispatchIdField(props: DispatchIdFieldProps) {
  const { connections, connectionsError, field, value, error } = props
  const t = useT()
  const errorText = useErrorText()
  const listId = useId()
  const [shown, setShown] = useState(false)
  const connected = connections.filter((c) => c.status === 'CONNECTED')
  const named = connections.find((c) => String(c.id) === value.trim())
  const helper = named
    ? t(named.status === 'CONNECTED' ? 'outreach.dispatchNamed' : 'outreach.dispatchNotConnected', {
        name: named.name,
      })
    : t('outreach.dispatchHelp')
  return (
    <Stack gap="2">
      <Grid templateColumns={{ base: '1fr', md: '1fr auto' }} gap="3" alignItems="start">
        <FormField label={t('outreach.dispatchId')} helperText={helper} error={error} required>
          <Input
            inputMode="numeric"
            autoComplete="off"
            list={listId}
            placeholder={t('outreach.dispatchPlaceholder')}
            {...field}
          />
          <datalist id={listId}>
            {connected.map((c) => (
              <option
                key={c.id}
                value={String(c.id)}
                label={t('outreach.dispatchOption', { name: c.name, id: c.id })}
              />
            ))}
          </datalist>
        </FormField>
        <Button
          variant="outline"
          colorPalette="gray"
          marginTop={{ base: '0', md: '6' }}
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
