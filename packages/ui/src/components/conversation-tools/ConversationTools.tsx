import { Button, HStack, Input, Text } from '@chakra-ui/react'
import { type FormEvent, useState } from 'react'
import { DialogForm } from '../../internal/DialogForm'
import { FormField } from '../../internal/FormField'
import { useT } from '../../internal/useT'

export type ConversationExportFormat = 'csv' | 'txt'

export interface ConversationToolsProps {
  /** Shows "Resolve with protocol" (an open ticket the viewer may write on). */
  canResolve?: boolean
  onResolveWithProtocol?: () => void
  /** Download `zdg.csv` or `ZDG.txt`. */
  onExport: (format: ConversationExportFormat) => void
  /** The address "e-mail this conversation" starts with (the contact's). */
  contactEmail?: string | null
  /** Sends the conversation; resolves true when it went, which closes the dialog. */
  onEmail: (to: string) => Promise<boolean>
  /** What is under way: a spinner on its button. */
  busy?: ConversationExportFormat | 'email' | null
  /**
   * The e-mail dialog, when its opening is decided outside too (the ticket's menu on phones, where this
   * toolbar is hidden). Without it the toolbar's button opens it.
   */
  emailOpen?: boolean
  onEmailOpenChange?: (open: boolean) => void
}

/**
 * The conversation's export panel: resolve with protocol, the CSV and text exports, and the conversation by
 * e-mail. Hidden on phones, like the seed's import/export panel: below 768 px the same actions are in the
 * ticket's menu (`useConversationToolActions`), and the e-mail dialog opens from there (`emailOpen`).
 */
export function ConversationTools(props: ConversationToolsProps) {
  const { canResolve, onResolveWithProtocol, onExport, contactEmail, onEmail, busy } = props
  const t = useT()
  const [ownOpen, setOwnOpen] = useState(false)
  const emailOpen = props.emailOpen ?? ownOpen
  const setEmailOpen = (open: boolean) => {
    setOwnOpen(open)
    props.onEmailOpenChange?.(open)
  }
  const [to, setTo] = useState('')
  // Each opening starts with the contact's address, wherever it was opened from.
  const [openedWith, setOpenedWith] = useState(false)
  if (emailOpen !== openedWith) {
    setOpenedWith(emailOpen)
    if (emailOpen) setTo(contactEmail ?? '')
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (await onEmail(to.trim())) setEmailOpen(false)
  }
  return (
    <>
      <HStack
        role="toolbar"
        aria-label={t('chatExport.label')}
        gap="2"
        paddingInline="4"
        paddingBlock="2"
        borderBottomWidth="1px"
        flexWrap="wrap"
        hideBelow="md"
      >
        {canResolve && onResolveWithProtocol && (
          <Button size="xs" onClick={onResolveWithProtocol}>
            {t('protocol.resolve')}
          </Button>
        )}
        <Button
          size="xs"
          variant="outline"
          loading={busy === 'csv'}
          loadingText={t('chatExport.csv')}
          onClick={() => onExport('csv')}
        >
          {t('chatExport.csv')}
        </Button>
        <Button
          size="xs"
          variant="outline"
          loading={busy === 'txt'}
          loadingText={t('chatExport.txt')}
          onClick={() => onExport('txt')}
        >
          {t('chatExport.txt')}
        </Button>
        <Button size="xs" variant="outline" onClick={() => setEmailOpen(true)}>
          {t('chatExport.email')}
        </Button>
        {(busy === 'csv' || busy === 'txt') && (
          <Text textStyle="xs" color="fg.muted" aria-live="polite">
            {t('chatExport.loading')}
          </Text>
        )}
      </HStack>
      <DialogForm
        open={emailOpen}
        onClose={() => setEmailOpen(false)}
        title={t('chatExport.emailTitle')}
        submitLabel={t('chatExport.send')}
        onSubmit={submit}
        isSubmitting={busy === 'email'}
        canSubmit={to.trim().length > 0}
      >
        <FormField label={t('chatExport.emailTo')} helperText={t('chatExport.emailHelp')} required>
          <Input type="email" value={to} onChange={(e) => setTo(e.target.value)} autoComplete="email" />
        </FormField>
      </DialogForm>
    </>
  )
}
