import { useNoteMutations } from '@desk/api-client/hooks'
import { type ComposerMode, ComposerModeSwitch, NoteComposer, useNotify } from '@desk/ui'
import { useState } from 'react'
import { asUiError } from '../../../lib/errors'
import { Composer, type ComposerProps } from './Composer'

/**
 * A conversation's input with its two modes: a reply to the customer (the usual composer) or a
 * private note for the desk, which is never sent and may `@mention` a colleague.
 */
export function ComposerWithNotes(props: ComposerProps) {
  const notify = useNotify()
  const [mode, setMode] = useState<ComposerMode>('reply')
  const [note, setNote] = useState('')
  const [saving, setSaving] = useState(false)
  const addNote = useNoteMutations(props.ticket.id)
  const submit = async (text: string) => {
    setSaving(true)
    try {
      await addNote(text.trim())
      setNote('')
    } catch (error) {
      notify.error(asUiError(error))
    } finally {
      setSaving(false)
    }
  }
  return (
    <>
      <ComposerModeSwitch value={mode} onChange={setMode} />
      {mode === 'reply' ? (
        <Composer {...props} />
      ) : (
        <NoteComposer value={note} onChange={setNote} onSubmit={(text) => void submit(text)} isSubmitting={saving} />
      )}
    </>
  )
}
