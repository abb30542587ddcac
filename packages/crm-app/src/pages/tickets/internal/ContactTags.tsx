import type { TicketStatus } from '@desk/api-client'
import { useContactTags, useTags } from '@desk/api-client/hooks'
import { TagEditor, useNotify } from '@desk/ui'
import { useState } from 'react'
import { asUiError } from '../../../lib/errors'

export interface ContactTagsProps {
  contactId: number
  contactName: string
  /** The ticket on screen: tags change only while it is open or pending (the seed's rule). */
  ticketStatus: TicketStatus
}

/** The contact drawer's tag editor: one request replaces the set; a toast names the contact and the tags. */
export function ContactTags({ contactId, contactName, ticketStatus }: ContactTagsProps) {
  const notify = useNotify()
  const { tags, error, reload, setTags } = useContactTags(contactId)
  const { tags: catalogue } = useTags()
  const [saving, setSaving] = useState(false)

  const change = async (names: string[]) => {
    setSaving(true)
    try {
      const saved = await setTags(names)
      const label = saved.map((tag) => tag.tag).join(', ')
      if (label) notify.success('tagEditor.saved', { name: contactName, label })
      else notify.success('tagEditor.savedNone', { name: contactName })
    } catch (err) {
      notify.error(asUiError(err))
    } finally {
      setSaving(false)
    }
  }

  return (
    <TagEditor
      tags={tags}
      catalogue={catalogue}
      contactName={contactName}
      editable={ticketStatus === 'open' || ticketStatus === 'pending'}
      onChange={(names) => void change(names)}
      isSaving={saving}
      error={error ? asUiError(error) : null}
      onRetry={() => void reload()}
    />
  )
}
