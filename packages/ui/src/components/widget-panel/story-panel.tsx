/** Stories only: a panel wired as the frame wires it. */
import { Box } from '@chakra-ui/react'
import { useState } from 'react'
import { fn } from 'storybook/test'
import { CONVERSATION } from './fixtures'
import type { WidgetAttachment, WidgetPanelMessage, WidgetPanelMode, WidgetQuickAnswerItem } from './types'
import { WidgetPanel } from './WidgetPanel'
import type { WidgetPanelRootProps } from './WidgetPanelRoot'

/** Spies shared by the stories (reset between stories by Storybook). */
export const spies = {
  onClose: fn(),
  onSend: fn(),
  onAttach: fn(),
  onLoadEarlier: fn(),
  onResend: fn(),
  onSeenLatest: fn(),
  onQuickAnswerSearch: fn(),
  onSubmit: fn(),
  onRetry: fn(),
}

export interface StoryPanelProps extends Partial<Omit<WidgetPanelRootProps, 'children'>> {
  messages?: WidgetPanelMessage[]
  mode?: WidgetPanelMode
  online?: boolean
  hasMore?: boolean
  canReply?: boolean
  sending?: boolean
  disabled?: boolean
  quickAnswers?: WidgetQuickAnswerItem[]
  initialValue?: string
  initialAttachments?: WidgetAttachment[]
  /** In place of the conversation and its composer. */
  body?: React.ReactNode
}

/** A panel as the frame draws it, the composer's text and files kept in state as the frame would. */
export function StoryPanel(props: StoryPanelProps) {
  const { messages = CONVERSATION, mode = 'customer', body, ...root } = props
  const [value, setValue] = useState(props.initialValue ?? '')
  const [attachments, setAttachments] = useState(props.initialAttachments ?? [])
  return (
    <WidgetPanel.Root name="Acme Store" onClose={spies.onClose} width="380px" height="600px" {...root}>
      <WidgetPanel.Header title="Acme Store" online={props.online ?? true} onClose={spies.onClose} />
      {body ?? (
        <>
          <WidgetPanel.MessageList
            messages={messages}
            mode={mode}
            hasMore={props.hasMore}
            onLoadEarlier={spies.onLoadEarlier}
            onResend={spies.onResend}
            onSeenLatest={spies.onSeenLatest}
          />
          <WidgetPanel.Composer
            value={value}
            onChange={setValue}
            onSend={(text) => {
              spies.onSend(text)
              setValue('')
              setAttachments([])
            }}
            attachments={attachments}
            onAttach={(files) => {
              spies.onAttach(files)
              setAttachments((current) => [...current, ...files.map((file) => ({ name: file.name }))])
            }}
            onRemoveAttachment={(index) => setAttachments((current) => current.filter((_, i) => i !== index))}
            sending={props.sending}
            disabled={props.disabled}
            canReply={props.canReply}
            quickAnswers={props.quickAnswers}
            onQuickAnswerSearch={props.quickAnswers ? spies.onQuickAnswerSearch : undefined}
          />
        </>
      )}
    </WidgetPanel.Root>
  )
}

/** Room around a floating panel for its shadow. */
export const Stage = ({ children }: { children: React.ReactNode }) => (
  <Box padding="4" width="fit-content">
    {children}
  </Box>
)
