import { Box, CloseButton, chakra, Flex, HStack, IconButton } from '@chakra-ui/react'
import { type KeyboardEvent, type ReactNode, useId, useMemo, useRef, useState } from 'react'
import { LuMic, LuPaperclip, LuSendHorizontal } from 'react-icons/lu'
import { QuotedBlock } from '../../internal/QuotedBlock'
import { useT } from '../../internal/useT'
import type { UiError } from '../error-message/useErrorText'
import { LoadError } from '../list-state/LoadError'
import type { QuotedMessageData } from '../message-bubble/types'
import { AttachmentList } from './internal/AttachmentList'
import { EmojiMenu } from './internal/EmojiMenu'
import { optionId, type QuickAnswer, QuickAnswerList } from './internal/QuickAnswerList'
import { RecordingBar } from './internal/RecordingBar'
import { SignSwitch } from './internal/SignSwitch'
import { useAutoResize } from './internal/useAutoResize'

export type { QuickAnswer }

const MAX_ROWS = 5

export interface MessageInputProps {
  value: string
  onChange: (value: string) => void
  /** Enter or the send button, with text that is not only whitespace (or with attachments waiting). */
  onSend: (text: string) => void
  /** Everything is disabled unless the ticket is open. */
  disabled?: boolean
  /** Sign messages with the user's name (controlled). */
  sign?: boolean
  onSignChange?: (sign: boolean) => void
  onAttach?: (files: File[]) => void
  /** Files waiting for Send (the text goes as the first one's caption); Send is offered while there are any. */
  attachments?: { name: string }[]
  onRemoveAttachment?: (index: number) => void
  /** Offered while the text starts with `/`, filtered by what follows it. */
  quickAnswers?: QuickAnswer[]
  /** A quick answer was chosen; its message has been passed to `onChange`. */
  onQuickAnswerPick?: (answer: QuickAnswer) => void
  /** The quick answers could not be loaded: while the text starts with `/`, the reason and Retry show instead. */
  quickAnswersError?: UiError | null
  onQuickAnswersRetry?: () => void
  /** The message being replied to, shown above the input; its X or Escape in the text calls `onCancelReply`. */
  replyTo?: QuotedMessageData | null
  onCancelReply?: () => void
  /** The microphone button (shown while there is no text). */
  onRecordStart?: () => void
  isRecording?: boolean
  /** Elapsed recording time, shown as mm:ss. */
  recordingSeconds?: number
  /** The recording is being prepared for sending: its buttons wait. */
  recordingBusy?: boolean
  onRecordCancel?: () => void
  onRecordSend?: () => void
  /** Shown above the text (a channel's reply window while it is open: `ReplyWindowNotice`). */
  notice?: ReactNode
  /**
   * The channel's reply window has closed: this explanation (and whatever the channel offers instead, such as a
   * template picker) takes the place of the text box, so the agent is told why rather than refused on Send.
   */
  closedWindow?: ReactNode
  /** What the empty input says (the conversation's own words by default). */
  placeholder?: string
}

const Textarea = chakra('textarea', {
  base: {
    flex: '1',
    minWidth: '0',
    resize: 'none',
    textStyle: 'sm',
    lineHeight: '1.5',
    paddingInline: '3',
    paddingBlock: '2',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'l2',
    bg: 'bg',
    _placeholder: { color: 'fg.muted' },
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '-1px' },
    _disabled: { opacity: 0.6, cursor: 'not-allowed' },
  },
})

/** The bar under a conversation: text, emoji, files, signature, voice notes, quick answers and replies. */
export function MessageInput(props: MessageInputProps) {
  const { value, onChange, onSend, disabled, quickAnswers, replyTo, isRecording } = props
  const t = useT()
  const listId = useId()
  const fileRef = useRef<HTMLInputElement>(null)
  const textRef = useAutoResize(value, MAX_ROWS)
  const [active, setActive] = useState(0)
  const [dismissed, setDismissed] = useState<string | null>(null)

  const matches = useMemo(() => {
    if (!value.startsWith('/') || !quickAnswers?.length) return []
    const query = value.slice(1).toLowerCase()
    return quickAnswers.filter((qa) => qa.shortcut.toLowerCase().includes(query))
  }, [value, quickAnswers])
  const popupOpen = !disabled && matches.length > 0 && dismissed !== value
  const activeIndex = Math.min(active, matches.length - 1)

  const change = (next: string) => {
    setActive(0)
    onChange(next)
  }
  const pick = (answer: QuickAnswer) => {
    change(answer.message)
    props.onQuickAnswerPick?.(answer)
    textRef.current?.focus()
  }
  const hasFiles = (props.attachments?.length ?? 0) > 0
  const send = () => {
    if (value.trim() || hasFiles) onSend(value)
  }
  const insertEmoji = (emoji: string) => {
    const el = textRef.current
    const start = el?.selectionStart ?? value.length
    const end = el?.selectionEnd ?? value.length
    change(value.slice(0, start) + emoji + value.slice(end))
    requestAnimationFrame(() => {
      el?.focus()
      el?.setSelectionRange(start + emoji.length, start + emoji.length)
    })
  }
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (popupOpen && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
      e.preventDefault()
      const step = e.key === 'ArrowDown' ? 1 : -1
      setActive((activeIndex + step + matches.length) % matches.length)
    } else if (popupOpen && e.key === 'Escape') {
      e.preventDefault()
      setDismissed(value)
    } else if (e.key === 'Escape' && replyTo && props.onCancelReply) {
      // As in WhatsApp: Escape drops the reply first; the text stays.
      e.preventDefault()
      props.onCancelReply()
    } else if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault()
      if (popupOpen) pick(matches[activeIndex])
      else send()
    }
  }

  const hasText = value.trim() !== '' || hasFiles
  if (props.closedWindow && !disabled) {
    return (
      <Box borderTopWidth="1px" bg="bg.panel" paddingInline="3" paddingBlock="2">
        {props.closedWindow}
      </Box>
    )
  }
  return (
    <Box borderTopWidth="1px" bg="bg.panel" paddingInline="3" paddingBlock="2">
      {props.notice && <Box marginBottom="2">{props.notice}</Box>}
      {replyTo && (
        <HStack gap="2" alignItems="flex-start" marginBottom="2">
          <Box flex="1" minWidth="0">
            <QuotedBlock quoted={replyTo} />
          </Box>
          <CloseButton
            size="xs"
            colorPalette="gray"
            aria-label={t('input.cancelReply')}
            onClick={props.onCancelReply}
          />
        </HStack>
      )}
      {!isRecording && <AttachmentList files={props.attachments ?? []} onRemove={props.onRemoveAttachment} />}
      <Flex gap="1" alignItems="flex-end" position="relative">
        {isRecording ? (
          <RecordingBar
            seconds={props.recordingSeconds ?? 0}
            busy={props.recordingBusy}
            onCancel={props.onRecordCancel}
            onSend={props.onRecordSend}
          />
        ) : (
          <>
            {popupOpen && <QuickAnswerList id={listId} answers={matches} active={activeIndex} onPick={pick} />}
            {!popupOpen && !disabled && props.quickAnswersError && value.startsWith('/') && (
              <Box position="absolute" insetInline="0" bottom="100%" marginBottom="1" zIndex="dropdown">
                <LoadError variant="inline" error={props.quickAnswersError} onRetry={props.onQuickAnswersRetry} />
              </Box>
            )}
            <EmojiMenu onPick={insertEmoji} disabled={disabled} pickFocus={() => textRef.current} />
            {props.onAttach && (
              <>
                <IconButton
                  size="sm"
                  variant="ghost"
                  colorPalette="gray"
                  aria-label={t('input.attach')}
                  disabled={disabled}
                  onClick={() => fileRef.current?.click()}
                >
                  <LuPaperclip />
                </IconButton>
                <input
                  ref={fileRef}
                  type="file"
                  multiple
                  hidden
                  onChange={(e) => {
                    const files = Array.from(e.currentTarget.files ?? [])
                    e.currentTarget.value = ''
                    if (files.length) props.onAttach?.(files)
                  }}
                />
              </>
            )}
            <Textarea
              ref={textRef}
              rows={1}
              value={value}
              disabled={disabled}
              aria-label={t('input.label')}
              placeholder={disabled ? t('input.placeholderDisabled') : (props.placeholder ?? t('input.placeholder'))}
              aria-autocomplete={quickAnswers?.length ? 'list' : undefined}
              aria-controls={popupOpen ? listId : undefined}
              aria-activedescendant={popupOpen ? optionId(listId, activeIndex) : undefined}
              onChange={(e) => change(e.currentTarget.value)}
              onKeyDown={onKeyDown}
            />
            {!hasText && props.onRecordStart ? (
              <IconButton
                size="sm"
                variant="ghost"
                colorPalette="gray"
                aria-label={t('input.record')}
                disabled={disabled}
                onClick={props.onRecordStart}
              >
                <LuMic />
              </IconButton>
            ) : (
              <IconButton size="sm" aria-label={t('input.send')} disabled={disabled || !hasText} onClick={send}>
                <LuSendHorizontal />
              </IconButton>
            )}
          </>
        )}
      </Flex>
      {props.onSignChange && (
        <Box marginTop="1">
          <SignSwitch checked={props.sign ?? true} onChange={props.onSignChange} disabled={disabled} />
        </Box>
      )}
    </Box>
  )
}
