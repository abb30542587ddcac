import type { JobKind } from '@desk/api-client'
import { useGroupMutations } from '@desk/api-client/hooks'
import type { CreatedGroupInfo, GroupsPreview, GroupsRequest } from '@desk/ui'
import { useState } from 'react'
import { useFormErrors } from '../../../lib/useFormErrors'
import { groupRequests } from './groupRequests'

/**
 * The groups page's actions on the chosen groups: the preview the confirmation shows, the jobs it starts (the last
 * one followed under the form), a new group with its invite link, and the failure to show in the form.
 */
export function useGroupActions(groupIds: string[]) {
  const mutations = useGroupMutations()
  const errors = useFormErrors({ inline: true })
  const [isSubmitting, setSubmitting] = useState(false)
  const [started, setStarted] = useState<{ id: number; kind: JobKind } | null>(null)
  const [created, setCreated] = useState<CreatedGroupInfo | null>(null)

  const preview = async ({ ticketwhatsappId, action }: GroupsRequest): Promise<GroupsPreview | null> => {
    errors.clear()
    const [first] = groupRequests(ticketwhatsappId, groupIds, action)
    if (!first) return null
    try {
      const { groups, people, skipped } = await mutations.preview(first)
      return { groups, people, notAdmin: skipped.notAdmin + skipped.notFound, optedOut: skipped.optedOut }
    } catch (error) {
      errors.fail(error)
      return null
    }
  }

  /** True once the action started: the form then clears. */
  const submit = async ({ ticketwhatsappId, action }: GroupsRequest): Promise<boolean> => {
    setSubmitting(true)
    errors.clear()
    try {
      if (action.kind === 'create') {
        const answer = await mutations.create({
          whatsappId: ticketwhatsappId,
          title: action.title,
          contact: action.contact,
        })
        setCreated({ name: action.title, inviteLink: answer.inviteLink, invited: answer.invited })
        return true
      }
      setCreated(null)
      for (const request of groupRequests(ticketwhatsappId, groupIds, action)) {
        const job = await mutations.run(request)
        setStarted({ id: job.id, kind: job.kind })
      }
      return true
    } catch (error) {
      errors.fail(error)
      return false
    } finally {
      setSubmitting(false)
    }
  }

  return { preview, submit, isSubmitting, started, created, error: errors.error, reload: mutations.reload }
}
