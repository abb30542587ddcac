import type { Ticket } from '@desk/api-client'
import { useConnections, useQueues, useTicketMutations, useUsers } from '@desk/api-client/hooks'
import { TransferTicketDialog, type TransferTicketValues, USER_SEARCH_MIN_LENGTH, useNotify } from '@desk/ui'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { asUiError } from '../../../lib/errors'
import { useDebouncedValue } from '../../../lib/useDebouncedValue'

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
  const notify = useNotify()
  const navigate = useNavigate()
  const [userSearch, setUserSearch] = useState('')
  const searchParam = useDebouncedValue(userSearch.trim(), 500)
  const searching = searchParam.length >= USER_SEARCH_MIN_LENGTH
  const { users } = useUsers({ searchParam: searching ? searchParam : '' })
  const { queues } = useQueues({ enabled: open })
  const { connections } = useConnections({ enabled: open && canChooseConnection })
  const { transfer } = useTicketMutations()
  const [isSubmitting, setSubmitting] = useState(false)
  const [error, setError] = useState<ReturnType<typeof asUiError> | null>(null)

  const close = () => {
    setUserSearch('')
    setError(null)
    onClose()
  }
  const submit = async ({ userId, queueId, whatsappId }: TransferTicketValues) => {
    setSubmitting(true)
    setError(null)
    try {
      await transfer(ticket.id, {
        userId,
        ...(queueId !== null ? { queueId } : {}),
        ...(canChooseConnection && whatsappId !== null ? { whatsappId } : {}),
      })
      close()
      navigate('/tickets')
    } catch (err) {
      setError(asUiError(err))
      notify.error(asUiError(err))
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
      users={searching ? users.map(({ id, name }) => ({ id, name })) : []}
      queues={(queues ?? []).map(({ id, name }) => ({ id, name }))}
      canChooseConnection={canChooseConnection}
      connections={(connections ?? []).map(({ id, name }) => ({ id, name }))}
      onSubmit={submit}
      isSubmitting={isSubmitting}
      error={error}
    />
  )
}
