import { HStack, Skeleton, Stack, Text } from '@chakra-ui/react'
import { ContactAvatar } from '../../../internal/ContactAvatar'
import { formatPhoneNumber } from '../../../lib/phone'

/** The fields of a contact the table shows. */
export interface ContactsTableContact {
  id: number
  name: string
  number: string | null
  email: string | null
  profilePicUrl?: string | null
}

/** Avatar and name; `compact` (phones): number and e-mail under the name instead of in columns of their own. */
export function ContactNameCell({ contact, compact }: { contact: ContactsTableContact; compact?: boolean }) {
  return (
    <HStack gap="3" minWidth="0">
      <ContactAvatar name={contact.name} src={contact.profilePicUrl} size="sm" />
      {compact ? (
        <Stack gap="0" minWidth="0">
          <Text fontWeight="medium" truncate>
            {contact.name}
          </Text>
          <Text color="fg.muted" textStyle="xs" truncate>
            {contact.number ? formatPhoneNumber(contact.number) : '—'}
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
  )
}

/** The name cell while loading: a round avatar and a bar. */
export const contactNameSkeleton = (
  <HStack gap="3">
    <Skeleton boxSize="8" borderRadius="full" flexShrink="0" />
    <Skeleton height="4" width="60%" />
  </HStack>
)
