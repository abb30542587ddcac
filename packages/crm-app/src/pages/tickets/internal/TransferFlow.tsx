import type { Ticket } from '@desk/api-client'
import { useConnections, useQueues, useTicketMutations, useUsers } from '@desk/api-client/hooks'
import { TransferTicketDialog, type TransferTicketValues, USER_SEARCH_MIN_LENGTH, useNotify } from '@desk/ui'
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
 * Transfer to a user, a queue, and for administrators a connection. A team that fits in one page
 * (20 users) is listed at once; a bigger one is searched from 3 characters. A queue without a user
 * leaves the ticket pending and unassigned; the list follows, and a toast says where it went.
 */
export function TransferFlow({ ticket, open, onClose, canChooseConnection }: TransferFlowProps) {
  const navigate = useNavigate()
  const [userSearch, setUserSearch] = useState('')
  const notify = useNotify()
  // The first page of the whole team: when it is all there is, it is listed at once.
  const team = useUsers()
  const allUsersListed = !team.isLoading && !team.error && !team.hasMore
  const searchParam = useDebouncedValue(userSearch.trim(), 500)
  const searching = !allUsersListed && searchParam.length >= USER_SEARCH_MIN_LENGTH
  const userList = useUsers({ searchParam: searching ? searchParam : '' })
  const shownUsers = allUsersListed ? team.users : searching ? userList.users : []
  const queueList = useQueues({ enabled: open })
  const connectionList = useConnections({ enabled: open && canChooseConnection })
  const { queues } = queueList
  const { connections } = connectionList
  const { transfer } = useTicketMutations()
  const [isSubmitting, setSubmitting] = useState(false)
  const formErrors = useFormErrors()
  // The choices that failed to load, retried together.
  const failed = [
    team.error ? team : searching ? userList : null,
    queueList,
    canChooseConnection ? connectionList : null,
  ].filter((list) => list?.error)
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
      const moved = await transfer(ticket.id, {
        userId,
        ...(queueId !== null ? { queueId } : {}),
        ...(canChooseConnection && whatsappId !== null ? { whatsappId } : {}),
      })
      const user = userId !== null ? (moved.user?.name ?? '') : null
      const queue = queueId !== null ? (moved.queue?.name ?? '') : null
      if (user !== null && queue !== null) notify.success('toasts.transferredToUserInQueue', { user, queue })
      else if (user !== null) notify.success('toasts.transferredToUser', { user })
      else notify.success('toasts.transferredToQueue', { queue: queue ?? '' })
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
      users={shownUsers.map(({ id, name }) => ({ id, name }))}
      allUsersListed={allUsersListed}
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
