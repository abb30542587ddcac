import { Box, Flex, Table, useBreakpointValue } from '@chakra-ui/react'
import { LuContact } from 'react-icons/lu'
import { useInfiniteScroll } from '../../internal/useInfiniteScroll'
import { useT } from '../../internal/useT'
import { EmptyState } from '../empty-state/EmptyState'
import type { UiError } from '../error-message/useErrorText'
import { ListState } from '../list-state/ListState'
import {
  ContactRow,
  type ContactRowActions,
  ContactSkeletonRow,
  type ContactsTableContact,
} from './internal/ContactRow'
import { ContactsToolbar, type ContactsToolbarProps } from './internal/ContactsToolbar'

export type { ContactsTableContact }

export interface ContactsTableProps<T extends ContactsTableContact = ContactsTableContact>
  extends ContactRowActions<T>,
    ContactsToolbarProps {
  contacts: T[]
  /** More pages exist: `onLoadMore` is called within 100 px of the bottom. */
  hasMore?: boolean
  /** Shows skeleton rows (below the loaded ones while a next page loads). */
  isLoading?: boolean
  /** The last load failed: in place of the table, or under the rows already loaded. */
  error?: UiError | null
  /** Loads the list again after a failure (its Retry button). */
  onReload?: () => void
  onLoadMore?: () => void
  /** Height of the scrolling area. */
  maxHeight?: string
  /** Accessible name of the scrolling region; defaults to "Contacts". */
  label?: string
}

/**
 * The contacts screen's body: search, import, export, add and delete all above a table of avatar,
 * name, number and e-mail with start-a-ticket, edit and delete (when permitted); infinite scroll.
 */
export function ContactsTable<T extends ContactsTableContact>(props: ContactsTableProps<T>) {
  const { contacts, hasMore, isLoading, error, onReload, onLoadMore, onStartTicket, onEdit, onDelete, ...toolbar } =
    props
  const t = useT()
  const { rootRef, sentinelRef } = useInfiniteScroll({
    // After a failure the next page waits for Retry.
    hasMore: hasMore && !error,
    isLoading,
    onLoadMore,
    itemCount: contacts.length,
  })
  // Phones: two columns (the contact, its number and e-mail stacked; the actions) instead of four.
  const compact = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false
  return (
    <Flex direction="column" gap="3">
      <ContactsToolbar
        search={toolbar.search}
        onSearchChange={toolbar.onSearchChange}
        onAdd={toolbar.onAdd}
        onImport={toolbar.onImport}
        onExport={toolbar.onExport}
        onDeleteAll={toolbar.onDeleteAll}
        isImporting={toolbar.isImporting}
        isExporting={toolbar.isExporting}
      />
      <Box
        ref={rootRef}
        role="region"
        aria-label={props.label ?? t('contacts.title')}
        aria-busy={isLoading || undefined}
        tabIndex={0}
        overflowY="auto"
        maxHeight={props.maxHeight ?? 'calc(100dvh - 14rem)'}
        borderWidth="1px"
        borderRadius="l2"
      >
        <ListState
          count={contacts.length}
          isLoading={isLoading}
          error={error}
          onRetry={onReload}
          empty={<EmptyState title={t('contacts.empty')} description={t('contacts.emptyHint')} icon={<LuContact />} />}
          skeletonRows
        >
          <Table.Root size="sm" stickyHeader interactive tableLayout="fixed" minWidth={compact ? undefined : 'xl'}>
            {compact ? (
              <Table.ColumnGroup>
                <Table.Column />
                <Table.Column width="7.5rem" />
              </Table.ColumnGroup>
            ) : (
              <Table.ColumnGroup>
                <Table.Column width="34%" />
                <Table.Column width="20%" />
                <Table.Column width="30%" />
                <Table.Column width="16%" minWidth="32" />
              </Table.ColumnGroup>
            )}
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader>{t('contacts.column.name')}</Table.ColumnHeader>
                {!compact && <Table.ColumnHeader>{t('contacts.column.number')}</Table.ColumnHeader>}
                {!compact && <Table.ColumnHeader>{t('contacts.column.email')}</Table.ColumnHeader>}
                <Table.ColumnHeader textAlign="end">{t('contacts.column.actions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {contacts.map((contact) => (
                <ContactRow
                  key={contact.id}
                  contact={contact}
                  compact={compact}
                  onStartTicket={onStartTicket}
                  onEdit={onEdit}
                  onDelete={onDelete}
                />
              ))}
              {isLoading && [0, 1, 2].map((i) => <ContactSkeletonRow key={i} compact={compact} />)}
            </Table.Body>
          </Table.Root>
        </ListState>
        <div ref={sentinelRef} aria-hidden />
      </Box>
    </Flex>
  )
}
