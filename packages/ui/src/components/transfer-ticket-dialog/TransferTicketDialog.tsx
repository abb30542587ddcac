import { Input, Stack } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { DialogForm } from '../../internal/DialogForm'
import { FormField } from '../../internal/FormField'
import { OptionSelect } from '../../internal/OptionSelect'
import { useT } from '../../internal/useT'
import { ErrorMessage } from '../error-message/ErrorMessage'
import type { UiError } from '../error-message/useErrorText'
import { LoadError } from '../list-state/LoadError'

/** Users are searched from this many characters on (when the team is too big to list at once). */
export const USER_SEARCH_MIN_LENGTH = 3

export interface TransferTicketValues {
  userId: number | null
  queueId: number | null
  /** Only when the connection can be chosen (administrators). */
  whatsappId: number | null
}

export interface TransferTicketDialogProps {
  open: boolean
  onClose: () => void
  /** The user search text (controlled); search and fill `users` once it has 3 characters. */
  userSearch: string
  onUserSearchChange: (search: string) => void
  /** The users matching `userSearch`, or with `allUsersListed` the whole team. */
  users: { id: number; name: string }[]
  /**
   * `users` is the whole team (it fits in one page): they are listed at once, and the search
   * narrows them here from the first character instead of waiting for 3.
   */
  allUsersListed?: boolean
  queues: { id: number; name: string }[]
  /** Administrators may also move the ticket to another connection. */
  canChooseConnection?: boolean
  connections?: { id: number; name: string }[]
  /** Sent with at least a user or a queue. */
  onSubmit: (values: TransferTicketValues) => void
  isSubmitting?: boolean
  error?: UiError | null
  /** The users, queues or connections could not be loaded: one line with Retry above the choices. */
  loadError?: UiError | null
  onRetryLoad?: () => void
}

/** Transfer to a user and/or a queue (and a connection, for administrators). */
export function TransferTicketDialog(props: TransferTicketDialogProps) {
  const { open, onClose, userSearch, users, queues, canChooseConnection, isSubmitting } = props
  const t = useT()
  const [user, setUser] = useState<{ id: number; name: string } | null>(null)
  const [queueId, setQueueId] = useState<number | null>(null)
  const [whatsappId, setWhatsappId] = useState<number | null>(null)
  useEffect(() => {
    if (!open) return
    setUser(null)
    setQueueId(null)
    setWhatsappId(null)
  }, [open])
  const listed = props.allUsersListed ?? false
  const term = userSearch.trim().toLowerCase()
  const searching = listed || term.length >= USER_SEARCH_MIN_LENGTH
  const matches = listed && term ? users.filter((u) => u.name.toLowerCase().includes(term)) : users
  const userId = user?.id ?? null
  const canSubmit = userId !== null || queueId !== null
  // The chosen user stays a choice while the search text changes.
  const userOptions = searching
    ? [...(user && !matches.some((u) => u.id === user.id) ? [user] : []), ...matches]
    : user
      ? [user]
      : []
  return (
    <DialogForm
      open={open}
      onClose={onClose}
      title={t('transfer.title')}
      submitLabel={t('transfer.submit')}
      onSubmit={(e) => {
        e.preventDefault()
        if (canSubmit) props.onSubmit({ userId, queueId, whatsappId: canChooseConnection ? whatsappId : null })
      }}
      isSubmitting={isSubmitting}
      canSubmit={canSubmit}
    >
      <Stack gap="4">
        <ErrorMessage error={props.error} />
        {props.loadError && <LoadError variant="inline" error={props.loadError} onRetry={props.onRetryLoad} />}
        <FormField label={t('transfer.searchUser')} helperText={searching ? undefined : t('transfer.searchHint')}>
          <Input
            type="search"
            autoComplete="off"
            value={userSearch}
            onChange={(e) => props.onUserSearchChange(e.currentTarget.value)}
          />
        </FormField>
        <OptionSelect
          label={t('transfer.user')}
          placeholder={
            searching && matches.length === 0 && !props.loadError ? t('transfer.noUsers') : t('transfer.selectUser')
          }
          options={userOptions}
          value={userId}
          onChange={(id) => setUser(userOptions.find((u) => u.id === id) ?? null)}
          disabled={!searching && userId === null}
        />
        <OptionSelect
          label={t('transfer.queue')}
          placeholder={t('transfer.keep')}
          options={queues}
          value={queueId}
          onChange={setQueueId}
          helperText={queueId !== null && userId === null ? t('transfer.queueOnlyHint') : undefined}
        />
        {canChooseConnection && (
          <OptionSelect
            label={t('transfer.connection')}
            placeholder={t('transfer.keep')}
            options={props.connections ?? []}
            value={whatsappId}
            onChange={setWhatsappId}
          />
        )}
      </Stack>
    </DialogForm>
  )
}
