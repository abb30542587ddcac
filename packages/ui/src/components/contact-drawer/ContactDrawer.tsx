import { Box, Button, CloseButton, Flex, Heading, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react'
import { LuMail, LuPencil, LuPhone } from 'react-icons/lu'
import { ContactAvatar } from '../../internal/ContactAvatar'
import { useT } from '../../internal/useT'
import type { UiError } from '../error-message/useErrorText'
import { LoadError } from '../list-state/LoadError'

export interface ContactDrawerContact {
  name: string
  number: string | null
  email?: string | null
  profilePicUrl?: string | null
  extraInfo?: { id?: number; name: string; value: string }[]
}

export interface ContactDrawerProps {
  open: boolean
  onClose: () => void
  /** Null while it loads. */
  contact: ContactDrawerContact | null
  onEdit?: () => void
  /** The contact could not be loaded: the reason and Retry instead of the placeholder. */
  error?: UiError | null
  onRetry?: () => void
  /** Accessible name of the panel; defaults to "Contact details". */
  label?: string
}

/** The contact beside a conversation: a 320 px panel with picture, name, phone, email and extra information. */
export function ContactDrawer({ open, onClose, contact, onEdit, label, error, onRetry }: ContactDrawerProps) {
  const t = useT()
  if (!open) return null
  return (
    <Box
      as="aside"
      aria-label={label ?? t('contactDrawer.title')}
      aria-busy={(!contact && !error) || undefined}
      width="320px"
      flexShrink="0"
      height="full"
      overflowY="auto"
      borderInlineStartWidth="1px"
      bg="bg.panel"
    >
      <Flex
        alignItems="center"
        justifyContent="space-between"
        paddingInline="4"
        paddingBlock="3"
        borderBottomWidth="1px"
      >
        <Heading as="h2" textStyle="md">
          {t('contactDrawer.title')}
        </Heading>
        <CloseButton size="sm" colorPalette="gray" aria-label={t('contactDrawer.close')} onClick={onClose} />
      </Flex>
      {contact ? (
        <Details contact={contact} onEdit={onEdit} />
      ) : error ? (
        <LoadError error={error} onRetry={onRetry} />
      ) : (
        <Loading />
      )}
    </Box>
  )
}

function Details({ contact, onEdit }: { contact: ContactDrawerContact; onEdit?: () => void }) {
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
            <Link href={`tel:+${contact.number}`} aria-label={`${t('contactDrawer.phone')} +${contact.number}`}>
              +{contact.number}
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

function Loading() {
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
