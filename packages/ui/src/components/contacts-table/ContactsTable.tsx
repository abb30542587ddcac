import { useBreakpointValue } from '@chakra-ui/react'
import { LuContact, LuMessageSquarePlus } from 'react-icons/lu'
import { useT } from '../../internal/useT'
import { formatPhoneNumber } from '../../lib/phone'
import { AdminTable, type AdminTableColumn, type AdminTablePagedProps } from '../admin-table/AdminTable'
import { deleteRowAction, editRowAction } from '../admin-table/rowActions'
import { ContactNameCell, type ContactsTableContact, contactNameSkeleton } from './internal/ContactCells'
import { ContactsToolbar, type ContactsToolbarProps } from './internal/ContactsToolbar'

export type { ContactsTableContact }

/** The scrolling region's name defaults to "Contacts". */
export interface ContactsTableProps<T extends ContactsTableContact = ContactsTableContact>
  extends ContactsToolbarProps,
    AdminTablePagedProps {
  contacts: T[]
  /** Start a ticket with the contact (the page opens it). Contacts without a number cannot. */
  onStartTicket?: (contact: T) => void
  onEdit?: (contact: T) => void
  /** Only when the user may delete contacts. */
  onDelete?: (contact: T) => void
}

/**
 * The contacts screen's body: search, import, export, add and delete all above a table of avatar,
 * name, number and e-mail with start-a-ticket, edit and delete (when permitted); infinite scroll.
 */
export function ContactsTable<T extends ContactsTableContact>(props: ContactsTableProps<T>) {
  const t = useT()
  // Phones: two columns (the contact, its number and e-mail stacked; the actions) instead of four.
  const compact = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false
  const name: AdminTableColumn<T> = {
    key: 'name',
    header: t('contacts.column.name'),
    colProps: compact ? {} : { width: '34%' },
    cell: (contact) => <ContactNameCell contact={contact} compact={compact} />,
    skeleton: contactNameSkeleton,
  }
  const columns: AdminTableColumn<T>[] = compact
    ? [name]
    : [
        name,
        {
          key: 'number',
          header: t('contacts.column.number'),
          colProps: { width: '20%' },
          cellProps: { color: 'fg.muted', whiteSpace: 'nowrap' },
          cell: (contact) => (contact.number ? formatPhoneNumber(contact.number) : '—'),
          skeleton: 50,
        },
        {
          key: 'email',
          header: t('contacts.column.email'),
          colProps: { width: '30%' },
          cellProps: { color: 'fg.muted', wordBreak: 'break-all' },
          cell: (contact) => contact.email || '—',
          skeleton: 60,
        },
      ]
  return (
    <AdminTable
      rows={props.contacts}
      isLoading={props.isLoading}
      error={props.error}
      onReload={props.onReload}
      toolbar={
        <ContactsToolbar
          search={props.search}
          onSearchChange={props.onSearchChange}
          onAdd={props.onAdd}
          onImport={props.onImport}
          onExport={props.onExport}
          onDeleteAll={props.onDeleteAll}
          isImporting={props.isImporting}
          isExporting={props.isExporting}
        />
      }
      scroll={{
        label: props.label ?? t('contacts.title'),
        maxHeight: props.maxHeight,
        hasMore: props.hasMore,
        onLoadMore: props.onLoadMore,
      }}
      empty={{ title: t('contacts.empty'), description: t('contacts.emptyHint'), icon: <LuContact /> }}
      tableProps={{ tableLayout: 'fixed', minWidth: compact ? undefined : 'xl' }}
      columns={columns}
      actionsColumn={{
        header: t('contacts.column.actions'),
        skeleton: 30,
        colProps: compact ? { width: '7.5rem' } : { width: '16%', minWidth: '32' },
        compact,
      }}
      rowActions={[
        {
          key: 'ticket',
          label: (contact) => t('contacts.startTicket', { name: contact.name }),
          icon: <LuMessageSquarePlus />,
          colorPalette: 'brand',
          disabled: (contact) => !contact.number,
          onClick: props.onStartTicket,
        },
        editRowAction((contact: T) => t('contacts.edit', { name: contact.name }), props.onEdit),
        deleteRowAction((contact: T) => t('contacts.delete', { name: contact.name }), props.onDelete),
      ]}
    />
  )
}
