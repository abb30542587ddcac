import type { Contact } from '@desk/api-client'
import { useContactMutations, useContacts, useSession, useTicketMutations } from '@desk/api-client/hooks'
import { ConfirmDialog, ContactsTable, PageContainer, PageHeader, useNotify } from '@desk/ui'
import { lazy, useState } from 'react'
import { asUiError } from '../../lib/errors'
import { OnceOpened } from '../../lib/OnceOpened'
import { useDebouncedValue } from '../../lib/useDebouncedValue'
import { useT } from '../../lib/useT'
import { useNavigate } from '../../routes/navigation'
import { downloadContactsCsv } from './downloadCsv'
import { useContactForm } from './useContactForm'

/** The contact form, downloaded (with the form library and the schemas) when it first opens. */
const ContactModal = lazy(() =>
  import('@desk/ui/components/contact-modal').then(({ ContactModal }) => ({ default: ContactModal })),
)

type Busy = 'confirm' | 'export' | 'ticket' | null
type Confirming = { kind: 'delete'; contact: Contact } | { kind: 'deleteAll' } | { kind: 'import' } | null

/**
 * /contacts: search (500 ms debounce), infinite scroll, add and edit in the contact modal, start a
 * ticket and open it, import from the phone, export to CSV; deleting (one or all) is for administrators.
 */
export function ContactsPage() {
  const t = useT()
  const notify = useNotify()
  const navigate = useNavigate()
  const { isAdmin, isLoading: isSessionLoading } = useSession()
  const [search, setSearch] = useState('')
  const searchParam = useDebouncedValue(search.trim(), 500)
  const { contacts, hasMore, isLoading, isLoadingMore, error, loadMore, reload } = useContacts({ searchParam })
  const { deleteContact, importContacts, exportContacts, deleteAllContacts } = useContactMutations()
  const { start: startTicket } = useTicketMutations()
  const form = useContactForm()
  const [confirming, setConfirming] = useState<Confirming>(null)
  const [busy, setBusy] = useState<Busy>(null)

  /** Runs an action with its busy flag; failures become one translated toast each. */
  const run = async (flag: Exclude<Busy, null>, action: () => Promise<void>) => {
    setBusy(flag)
    try {
      await action()
    } catch (err) {
      notify.error(asUiError(err))
    } finally {
      setBusy(null)
    }
  }

  const onConfirm = () =>
    run('confirm', async () => {
      if (confirming?.kind === 'delete') {
        await deleteContact(confirming.contact.id)
        notify.success('toasts.contactDeleted')
      } else if (confirming?.kind === 'deleteAll') {
        await deleteAllContacts()
        notify.success('contacts.deletedAll')
        await reload()
      } else if (confirming?.kind === 'import') {
        const { added, skipped } = await importContacts()
        notify.success('contacts.imported', { added, skipped })
        await reload()
      }
      setConfirming(null)
    })

  const onExport = () => run('export', async () => downloadContactsCsv(await exportContacts()))

  const onStartTicket = (contact: Contact) => {
    if (busy === 'ticket') return
    void run('ticket', async () => {
      const ticket = await startTicket(contact.id)
      if (ticket.existing) notify.success('tickets.openedExisting')
      navigate(`/tickets/${ticket.id}`)
    })
  }

  const dialog =
    confirming?.kind === 'delete'
      ? { title: t('contacts.deleteTitle', { name: confirming.contact.name }), body: t('contacts.deleteBody') }
      : confirming?.kind === 'deleteAll'
        ? {
            title: t('contacts.deleteAllTitle'),
            body: t('contacts.deleteAllBody'),
            label: t('contacts.deleteAllConfirm'),
          }
        : confirming?.kind === 'import'
          ? { title: t('contacts.importTitle'), body: t('contacts.importBody'), label: t('contacts.import') }
          : null

  return (
    <PageContainer>
      <PageHeader title={t('contacts.title')} />
      <ContactsTable
        // Rows wait for the session: which actions they carry depends on the profile.
        contacts={isSessionLoading ? [] : contacts}
        search={search}
        onSearchChange={setSearch}
        onAdd={() => form.open('new')}
        onImport={() => setConfirming({ kind: 'import' })}
        onExport={onExport}
        isExporting={busy === 'export'}
        onDeleteAll={isAdmin ? () => setConfirming({ kind: 'deleteAll' }) : undefined}
        onStartTicket={onStartTicket}
        onEdit={form.open}
        onDelete={isAdmin ? (contact) => setConfirming({ kind: 'delete', contact }) : undefined}
        hasMore={hasMore}
        isLoading={isLoading || isLoadingMore || isSessionLoading}
        error={error ? asUiError(error) : null}
        onReload={() => void reload()}
        onLoadMore={loadMore}
      />
      <OnceOpened open={form.modal.open}>
        <ContactModal {...form.modal} />
      </OnceOpened>
      <ConfirmDialog
        open={dialog !== null}
        destructive={confirming?.kind !== 'import'}
        title={dialog?.title ?? ''}
        confirmLabel={dialog && 'label' in dialog ? dialog.label : undefined}
        isConfirming={busy === 'confirm'}
        onConfirm={onConfirm}
        onClose={() => setConfirming(null)}
      >
        {dialog?.body}
      </ConfirmDialog>
    </PageContainer>
  )
}

export default ContactsPage
