import { Box, Flex, HStack, IconButton } from '@chakra-ui/react'
import { type KeyboardEvent, useEffect, useId } from 'react'
import { LuSendHorizontal } from 'react-icons/lu'
import { later } from '../../internal/later'
import { useT } from '../../internal/useT'
import { optionId } from '../message-input/internal/optionId'
import { useAutoResize } from '../message-input/internal/useAutoResize'
import { AttachButton } from './internal/AttachButton'
import { ComposerTextarea } from './internal/ComposerTextarea'
import { EmojiButton } from './internal/EmojiButton'
import { panelAwaitsFocus } from './internal/panelFocus'
import { ReadOnlyNotice } from './internal/ReadOnlyNotice'
import { useQuickAnswerPopup } from './internal/useQuickAnswerPopup'
import type { WidgetAttachment, WidgetQuickAnswerItem } from './types'

export interface WidgetPanelComposerProps {
  value: string
  onChange: (value: string) => void
  /** Enter or Send, with text that is not only whitespace or with files waiting. Shift+Enter is a new line. */
  onSend: (text: string) => void
  /** Files chosen for the next message; images show their preview. */
  attachments?: WidgetAttachment[]
  /** The attach button (shown when given) and its file input. */
  onAttach?: (files: File[]) => void
  onRemoveAttachment?: (index: number) => void
  /** The file input's `accept` (e.g. `image/*,application/pdf`). */
  accept?: string
  /** Several files at once. */
  multiple?: boolean
  disabled?: boolean
  /** A message is on its way: Send spins and waits; typing goes on. */
  sending?: boolean
  /** False (agent mode, not the assignee): a read-only notice instead of the input. */
  canReply?: boolean
  /** Agent mode: offered while the text starts with `/`, filtered by what follows it. */
  quickAnswers?: WidgetQuickAnswerItem[]
  /** What follows the `/` whenever it changes, to fetch the matching quick answers. */
  onQuickAnswerSearch?: (search: string) => void
  /** A quick answer was chosen; its message has been passed to `onChange`. */
  onQuickAnswerPick?: (answer: WidgetQuickAnswerItem) => void
}

const MAX_ROWS = 5

// Loaded when first drawn: the quick answers (agent mode, on `/`) and the files chosen for the next message.
const QuickAnswerList = later(() => import('../message-input/internal/QuickAnswerList').then((m) => m.QuickAnswerList))
const ComposerAttachments = later(() => import('./internal/ComposerAttachments').then((m) => m.ComposerAttachments))

/** The widget's message box: text, emoji, a file with its preview, Send; in agent mode quick answers on `/`. */
export function WidgetPanelComposer(props: WidgetPanelComposerProps) {
  const { value, onChange, disabled, sending, attachments = [] } = props
  const t = useT()
  const listId = useId()
  const textRef = useAutoResize(value, MAX_ROWS)
  const change = (next: string) => {
    popup.reset()
    onChange(next)
    if (next.startsWith('/') && !next.includes('\n')) props.onQuickAnswerSearch?.(next.slice(1))
  }
  const popup = useQuickAnswerPopup(value, props.quickAnswers, !disabled, (answer) => {
    change(answer.message)
    props.onQuickAnswerPick?.(answer)
  })
  // Drawn after the panel opened (its body was loading): the message box takes the focus the panel holds.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the box appears.
  useEffect(() => {
    if (panelAwaitsFocus(textRef.current)) textRef.current?.focus({ preventScroll: true })
  }, [])
  // Once drawn, what is likely next: the quick answers in agent mode, the chosen files' list with an attach button.
  const agent = props.quickAnswers !== undefined
  const attaching = props.onAttach !== undefined
  useEffect(() => {
    if (agent) QuickAnswerList.preload()
    if (attaching) ComposerAttachments.preload()
  }, [agent, attaching])
  if (props.canReply === false) return <ReadOnlyNotice />

  const ready = (value.trim() !== '' || attachments.length > 0) && !disabled && !sending
  const send = () => {
    if (ready) props.onSend(value)
  }
  const insertEmoji = (emoji: string) => {
    const el = textRef.current
    const start = el?.selectionStart ?? value.length
    const end = el?.selectionEnd ?? value.length
    change(value.slice(0, start) + emoji + value.slice(end))
    requestAnimationFrame(() => el?.setSelectionRange(start + emoji.length, start + emoji.length))
  }
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (popup.onKeyDown(e)) return
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault()
      send()
    }
  }
  return (
    <Box borderTopWidth="1px" bg="bg.panel" paddingInline="2" paddingBlock="2" flexShrink="0">
      {attachments.length > 0 && (
        <ComposerAttachments files={attachments} onRemove={props.onRemoveAttachment} disabled={disabled || sending} />
      )}
      <Flex gap="1" alignItems="flex-end" position="relative">
        {popup.open && (
          <QuickAnswerList
            id={listId}
            answers={popup.matches}
            active={popup.activeIndex}
            onPick={(answer) => {
              change(answer.message)
              props.onQuickAnswerPick?.(answer)
              textRef.current?.focus()
            }}
          />
        )}
        <ComposerTextarea
          ref={textRef}
          rows={1}
          value={value}
          disabled={disabled}
          data-widget-autofocus=""
          aria-label={t('widget.composer.label')}
          placeholder={t('widget.composer.placeholder')}
          aria-autocomplete={props.quickAnswers ? 'list' : undefined}
          aria-controls={popup.open ? listId : undefined}
          aria-activedescendant={popup.open ? optionId(listId, popup.activeIndex) : undefined}
          onChange={(e) => change(e.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        <HStack gap="0" flexShrink="0">
          <EmojiButton onPick={insertEmoji} disabled={disabled} pickFocus={() => textRef.current} />
          {props.onAttach && (
            <AttachButton
              onAttach={props.onAttach}
              accept={props.accept}
              multiple={props.multiple}
              disabled={disabled}
            />
          )}
          <IconButton
            size="sm"
            aria-label={t(sending ? 'widget.composer.sending' : 'widget.composer.send')}
            loading={sending}
            disabled={!ready && !sending}
            onClick={send}
          >
            <LuSendHorizontal />
          </IconButton>
        </HStack>
      </Flex>
    </Box>
  )
}
