import { HStack, IconButton, Skeleton, Stack, Table, Text } from '@chakra-ui/react'
import { LuMessageSquarePlus, LuPencil, LuTrash2 } from 'react-icons/lu'
import { ContactAvatar } from '../../../internal/ContactAvatar'
import { useT } from '../../../internal/useT'

/** The fields of a contact the table shows. */
export interface ContactsTableContact {
  id: number
  name: string
  number: string | null
  email: string | null
  profilePicUrl?: string | null
}

export interface ContactRowActions<T extends ContactsTableContact> {
  /** Start a ticket with the contact (the page opens it). Contacts without a number cannot. */
  onStartTicket?: (contact: T) => void
  onEdit?: (contact: T) => void
  /** Only when the user may delete contacts. */
  onDelete?: (contact: T) => void
}

/** `compact` (phones): number and e-mail go under the name instead of in columns of their own. */
export function ContactRow<T extends ContactsTableContact>({
  contact,
  compact,
  onStartTicket,
  onEdit,
  onDelete,
}: ContactRowActions<T> & { contact: T; compact?: boolean }) {
  const t = useT()
  const common = { size: 'sm', variant: 'ghost', colorPalette: 'gray' } as const
  return (
    <Table.Row>
      <Table.Cell>
        <HStack gap="3" minWidth="0">
          <ContactAvatar name={contact.name} src={contact.profilePicUrl} size="sm" />
          {compact ? (
            <Stack gap="0" minWidth="0">
              <Text fontWeight="medium" truncate>
                {contact.name}
              </Text>
              <Text color="fg.muted" textStyle="xs" truncate>
                {contact.number ?? '—'}
              </Text>
              {contact.email && (
                <Text color="fg.muted" textStyle="xs" truncate>
                  {contact.email}
                </Text>
              )}
            </Stack>
          ) : (
            <Text fontWeight="medium" truncate>
              {contact.name}
            </Text>
          )}
        </HStack>
      </Table.Cell>
      {!compact && (
        <>
          <Table.Cell color="fg.muted" whiteSpace="nowrap">
            {contact.number ?? '—'}
          </Table.Cell>
          <Table.Cell color="fg.muted" wordBreak="break-all">
            {contact.email || '—'}
          </Table.Cell>
        </>
      )}
      <Table.Cell textAlign="end" paddingInline={compact ? '1' : undefined}>
        <HStack gap={compact ? '0' : '1'} justifyContent="flex-end">
          {onStartTicket && (
            <IconButton
              {...common}
              colorPalette="brand"
              disabled={!contact.number}
              aria-label={t('contacts.startTicket', { name: contact.name })}
              onClick={() => onStartTicket(contact)}
            >
              <LuMessageSquarePlus />
            </IconButton>
          )}
          {onEdit && (
            <IconButton
              {...common}
              aria-label={t('contacts.edit', { name: contact.name })}
              onClick={() => onEdit(contact)}
            >
              <LuPencil />
            </IconButton>
          )}
          {onDelete && (
            <IconButton
              {...common}
              colorPalette="red"
              aria-label={t('contacts.delete', { name: contact.name })}
              onClick={() => onDelete(contact)}
            >
              <LuTrash2 />
            </IconButton>
          )}
        </HStack>
      </Table.Cell>
    </Table.Row>
  )
}

export function ContactSkeletonRow({ compact }: { compact?: boolean }) {
  return (
    <Table.Row aria-hidden>
      <Table.Cell>
        <HStack gap="3">
          <Skeleton boxSize="8" borderRadius="full" flexShrink="0" />
          <Skeleton height="4" width="60%" />
        </HStack>
      </Table.Cell>
      {(compact ? [30] : [50, 60, 30]).map((width, i, all) => (
        <Table.Cell key={i}>
          <Skeleton
            height="4"
            width={`${width}%`}
            minWidth="8"
            marginInlineStart={i === all.length - 1 ? 'auto' : undefined}
          />
        </Table.Cell>
      ))}
    </Table.Row>
  )
}
