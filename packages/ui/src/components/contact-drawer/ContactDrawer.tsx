import { Box, CloseButton, Drawer, Flex, Heading } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { UiPortal } from '../../internal/portal'
import { useT } from '../../internal/useT'
import type { UiError } from '../error-message/useErrorText'
import { LoadError } from '../list-state/LoadError'
import { Details, Loading } from './internal/ContactDetails'

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
  /**
   * `panel` (default): a 320 px column beside the conversation. `sheet`: a modal drawer over it, the
   * full screen below the `sm` breakpoint (600 px), for screens without room for a column.
   */
  variant?: 'panel' | 'sheet'
  /** The contact's tags (a `TagEditor`), shown under the name once the contact has loaded. */
  tags?: ReactNode
}

/**
 * The contact beside a conversation: a 320 px panel with picture, name, phone, email and extra information;
 * as a `sheet` it slides over the conversation instead (the whole screen on phones).
 */
export function ContactDrawer({
  open,
  onClose,
  contact,
  onEdit,
  label,
  error,
  onRetry,
  variant = 'panel',
  tags,
}: ContactDrawerProps) {
  const t = useT()
  const body = contact ? (
    <Details contact={contact} onEdit={onEdit} tags={tags} />
  ) : error ? (
    <LoadError error={error} onRetry={onRetry} />
  ) : (
    <Loading />
  )
  if (variant === 'sheet') {
    return (
      <Drawer.Root
        open={open}
        onOpenChange={(e) => !e.open && onClose()}
        placement="end"
        size={{ base: 'full', sm: 'sm' }}
      >
        <UiPortal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content aria-label={label ?? t('contactDrawer.title')} aria-busy={!contact || undefined}>
              <Drawer.Header paddingInline="4" paddingBlock="3" borderBottomWidth="1px">
                <Drawer.Title textStyle="md">{t('contactDrawer.title')}</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body padding="0">{body}</Drawer.Body>
              <Drawer.CloseTrigger asChild top="2.5">
                <CloseButton size="sm" colorPalette="gray" aria-label={t('contactDrawer.close')} />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </UiPortal>
      </Drawer.Root>
    )
  }
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
      {body}
    </Box>
  )
}
