import { Box, Button, Heading, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { LuMail, LuPencil, LuPhone } from 'react-icons/lu'
import { ContactAvatar } from '../../../internal/ContactAvatar'
import { useT } from '../../../internal/useT'
import { formatPhoneNumber } from '../../../lib/phone'
import type { ContactDrawerContact } from '../ContactDrawer'

/** Picture, name, phone, e-mail, the edit button and the extra information. */
export function Details({
  contact,
  onEdit,
  tags,
}: {
  contact: ContactDrawerContact
  onEdit?: () => void
  tags?: ReactNode
}) {
  const t = useT()
  const extra = contact.extraInfo ?? []
  return (
    <Stack gap="5" padding="4">
      <Stack alignItems="center" gap="2" textAlign="center">
        <ContactAvatar name={contact.name} src={contact.profilePicUrl} size="lg" />
        <Text fontWeight="semibold" textStyle="lg" wordBreak="break-word">
          {contact.name}
        </Text>
        {contact.number && (
          <HStack gap="1.5" color="fg.muted">
            <LuPhone aria-hidden />
            <Link
              href={`tel:+${contact.number}`}
              aria-label={`${t('contactDrawer.phone')} ${formatPhoneNumber(contact.number)}`}
            >
              {formatPhoneNumber(contact.number)}
            </Link>
          </HStack>
        )}
        {contact.email && (
          <HStack gap="1.5" color="fg.muted" minWidth="0">
            <LuMail aria-hidden />
            <Link href={`mailto:${contact.email}`} truncate>
              {contact.email}
            </Link>
          </HStack>
        )}
        {onEdit && (
          <Button size="sm" variant="outline" colorPalette="gray" onClick={onEdit}>
            <LuPencil aria-hidden />
            {t('contactDrawer.edit')}
          </Button>
        )}
      </Stack>
      {tags}
      <Stack gap="2">
        <Heading as="h3" textStyle="sm" color="fg.muted">
          {t('contactDrawer.extraInfo')}
        </Heading>
        {extra.length === 0 ? (
          <Text textStyle="sm" color="fg.muted">
            {t('contactDrawer.noExtraInfo')}
          </Text>
        ) : (
          <Box as="dl" display="grid" gap="2">
            {extra.map((info) => (
              <Box key={info.id ?? info.name} borderWidth="1px" borderRadius="l2" paddingInline="3" paddingBlock="2">
                <Text as="dt" textStyle="xs" color="fg.muted">
                  {info.name}
                </Text>
                <Text as="dd" textStyle="sm" wordBreak="break-word">
                  {info.value}
                </Text>
              </Box>
            ))}
          </Box>
        )}
      </Stack>
    </Stack>
  )
}

/** Skeletons in the shape of the details. */
export function Loading() {
  return (
    <Stack gap="3" padding="4" alignItems="center" aria-hidden>
      <Skeleton boxSize="16" borderRadius="full" marginBlock="2" />
      <Skeleton height="5" width="60%" />
      <Skeleton height="4" width="40%" />
      <Skeleton height="14" width="full" marginTop="4" />
      <Skeleton height="14" width="full" />
    </Stack>
  )
}
