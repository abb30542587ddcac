import { Box, Button, Flex, Heading, HStack, IconButton, Stack, Text } from '@chakra-ui/react'
import { useLayoutEffect, useRef } from 'react'
import { LuArrowLeft, LuHash, LuPlus, LuSettings } from 'react-icons/lu'
import { useT } from '../../internal/useT'
import type { UiError } from '../error-message/useErrorText'
import { LoadError } from '../list-state/LoadError'
import { MessageInput } from '../message-input/MessageInput'
import { SearchField } from '../search-field/SearchField'
import { ChannelList } from './internal/ChannelList'
import { ChatMessageRow } from './internal/ChatMessageRow'
import type { ChatPerson, ChatViewChannel, ChatViewMessage } from './types'

export interface ChatViewProps {
  channels: ChatViewChannel[]
  activeChannelId: number | null
  onSelectChannel: (id: number) => void
  /** Leaves the open channel (on a narrow screen, back to the list). */
  onCloseChannel?: () => void
  /** People one may message directly, and how to start. */
  people?: ChatPerson[]
  onStartDirect?: (userId: number) => void
  /** The reader. */
  meId: number | null
  /** The open channel's members (who `@Name` can mean). */
  members: ChatPerson[]
  /** The open channel's messages, oldest first. */
  messages: ChatViewMessage[]
  hasMore?: boolean
  isLoading?: boolean
  /** Asked when the reader scrolls to the top or presses the button there. */
  onLoadOlder?: () => void
  error?: UiError | null
  onRetry?: () => void
  search: string
  onSearchChange: (value: string) => void
  draft: string
  onDraftChange: (value: string) => void
  onSend: (text: string) => void
  onAttach?: (files: File[]) => void
  attachments?: { name: string }[]
  onRemoveAttachment?: (index: number) => void
  onOpenTicket?: (ticketId: number) => void
  /** An administrator's: make a channel, or change the open one (only an administrator's own channels change). */
  onNewChannel?: () => void
  onEditChannel?: (id: number) => void
}

/** The team chat: channels and direct messages beside the open one's messages and composer. */
export function ChatView(props: ChatViewProps) {
  const { channels, activeChannelId, messages, meId, members, search } = props
  const t = useT()
  const active = channels.find((c) => c.id === activeChannelId) ?? null
  const activeName = active ? (active.kind === 'general' ? t('chat.general') : active.name) : ''
  const scroller = useRef<HTMLDivElement>(null)
  const lastHeight = useRef(0)
  const firstId = messages[0]?.id
  const lastId = messages.at(-1)?.id

  // Older messages coming in keep the reader's place; a new message (or a new channel) shows the latest.
  const shownFirst = useRef(firstId)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the first or last message, or the channel, changes
  useLayoutEffect(() => {
    const box = scroller.current
    if (!box) return
    if (shownFirst.current !== undefined && firstId !== undefined && firstId < shownFirst.current) {
      box.scrollTop += box.scrollHeight - lastHeight.current
    } else {
      box.scrollTop = box.scrollHeight
    }
    shownFirst.current = firstId
    lastHeight.current = box.scrollHeight
  }, [firstId, lastId, activeChannelId])

  return (
    <Flex height="full" minHeight="0" borderWidth="1px" borderRadius="l3" overflow="hidden" bg="bg">
      <Stack
        width={{ base: 'full', md: '64' }}
        flexShrink="0"
        borderEndWidth={{ base: '0', md: '1px' }}
        padding="3"
        gap="3"
        overflowY="auto"
        display={{ base: active ? 'none' : 'flex', md: 'flex' }}
      >
        <HStack justifyContent="space-between">
          <Heading as="h2" textStyle="md">
            {t('chat.title')}
          </Heading>
          {props.onNewChannel && (
            <IconButton
              size="xs"
              variant="ghost"
              colorPalette="gray"
              aria-label={t('chat.newChannel')}
              onClick={props.onNewChannel}
            >
              <LuPlus />
            </IconButton>
          )}
        </HStack>
        <ChannelList
          channels={channels}
          activeChannelId={activeChannelId}
          onSelect={props.onSelectChannel}
          people={props.people}
          onStartDirect={props.onStartDirect}
        />
      </Stack>
      <Stack flex="1" minWidth="0" gap="0" display={{ base: active ? 'flex' : 'none', md: 'flex' }}>
        {active ? (
          <>
            <HStack gap="2" paddingInline="4" paddingBlock="2" borderBottomWidth="1px" wrap="wrap">
              {props.onCloseChannel && (
                <IconButton
                  size="sm"
                  variant="ghost"
                  colorPalette="gray"
                  aria-label={t('chat.back')}
                  onClick={props.onCloseChannel}
                  display={{ base: 'inline-flex', md: 'none' }}
                >
                  <LuArrowLeft />
                </IconButton>
              )}
              <LuHash aria-hidden />
              <Heading as="h3" textStyle="md" flex="1" truncate>
                {activeName}
              </Heading>
              {props.onEditChannel && active.kind === 'group' && (
                <IconButton
                  size="sm"
                  variant="ghost"
                  colorPalette="gray"
                  aria-label={t('chat.editChannel')}
                  onClick={() => props.onEditChannel?.(active.id)}
                >
                  <LuSettings />
                </IconButton>
              )}
              <SearchField
                value={search}
                onChange={props.onSearchChange}
                label={t('chat.search')}
                placeholder={t('chat.search')}
                width="56"
              />
            </HStack>
            <Box
              ref={scroller}
              flex="1"
              minHeight="0"
              overflowY="auto"
              paddingBlock="2"
              onScroll={(e) => {
                if (e.currentTarget.scrollTop < 40 && props.hasMore && !props.isLoading) props.onLoadOlder?.()
              }}
            >
              {props.hasMore && (
                <Flex justifyContent="center" paddingBlock="2">
                  <Button size="xs" variant="outline" onClick={props.onLoadOlder} loading={props.isLoading}>
                    {t('chat.loadOlder')}
                  </Button>
                </Flex>
              )}
              {props.error && <LoadError variant="inline" error={props.error} onRetry={props.onRetry} />}
              {!props.isLoading && !props.error && messages.length === 0 && (
                <Text color="fg.muted" textAlign="center" padding="6">
                  {t(search ? 'chat.noResults' : 'chat.empty')}
                </Text>
              )}
              <Box as="ol" listStyleType="none" aria-label={activeName} aria-live="polite">
                {messages.map((m) => (
                  <ChatMessageRow
                    key={m.id}
                    message={m}
                    people={members}
                    meId={meId}
                    onOpenTicket={props.onOpenTicket}
                  />
                ))}
              </Box>
            </Box>
            <Box padding="3" borderTopWidth="1px">
              <MessageInput
                value={props.draft}
                onChange={props.onDraftChange}
                onSend={props.onSend}
                onAttach={props.onAttach}
                attachments={props.attachments}
                onRemoveAttachment={props.onRemoveAttachment}
                placeholder={t('chat.placeholder', { channel: activeName })}
              />
            </Box>
          </>
        ) : (
          <Flex flex="1" alignItems="center" justifyContent="center" padding="6">
            <Text color="fg.muted">{t('chat.pick')}</Text>
          </Flex>
        )}
      </Stack>
    </Flex>
  )
}
