import type { Ticket } from '@desk/api-client'
import { useConnections, useQueues, useTicketMutations, useUsers } from '@desk/api-client/hooks'
import { TransferTicketDialog, type TransferTicketValues, USER_SEARCH_MIN_LENGTH } from '@desk/ui'
import { useState } from 'react'
import { asUiError } from '../../../lib/errors'
import { useDebouncedValue } from '../../../lib/useDebouncedValue'
import { useFormErrors } from '../../../lib/useFormErrors'
import { useNavigate } from '../../../routes/navigation'

export interface TransferFlowProps {
  ticket: Ticket
  open: boolean
  onClose: () => void
  /** Administrators may move the ticket to another connection. */
  canChooseConnection: boolean
}

/**
 * Transfer to a user (searched from 3 characters), a queue, and for administrators a
 * connection. A queue without a user leaves the ticket pending and unassigned; the list follows.
 */
export function TransferFlow({ ticket, open, onClose, canChooseConnection }: TransferFlowProps) {
  const navigate = useNavigate()
  const [userSearch, setUserSearch] = useState('')
  const searchParam = useDebouncedValue(userSearch.trim(), 500)
  const searching = searchParam.length >= USER_SEARCH_MIN_LENGTH
  const userList = useUsers({ searchParam: searching ? searchParam : '' })
  const queueList = useQueues({ enabled: open })
  const connectionList = useConnections({ enabled: open && canChooseConnection })
  const { queues } = queueList
  const { connections } = connectionList
  const { transfer } = useTicketMutations()
  const [isSubmitting, setSubmitting] = useState(false)
  const formErrors = useFormErrors()
  // The choices that failed to load, retried together.
  const failed = [searching ? userList : null, queueList, canChooseConnection ? connectionList : null].filter(
    (list) => list?.error,
  )
  const loadError = failed[0]?.error

  const close = () => {
    setUserSearch('')
    formErrors.clear()
    onClose()
  }
  const submit = async ({ userId, queueId, whatsappId }: TransferTicketValues) => {
    setSubmitting(true)
    formErrors.clear()
    try {
      await transfer(ticket.id, {
        userId,
        ...(queueId !== null ? { queueId } : {}),
        ...(canChooseConnection && whatsappId !== null ? { whatsappId } : {}),
      })
      close()
      navigate('/tickets')
    } catch (err) {
      formErrors.fail(err)
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <TransferTicketDialog
      open={open}
      onClose={close}
      userSearch={userSearch}
      onUserSearchChange={setUserSearch}
      users={searching ? userList.users.map(({ id, name }) => ({ id, name })) : []}
      queues={(queues ?? []).map(({ id, name }) => ({ id, name }))}
      canChooseConnection={canChooseConnection}
      connections={(connections ?? []).map(({ id, name }) => ({ id, name }))}
      onSubmit={submit}
      isSubmitting={isSubmitting}
      error={formErrors.error}
      loadError={loadError ? asUiError(loadError) : null}
      onRetryLoad={() => {
        for (const list of failed) void list?.reload()
      }}
    />
  )
}
