import { useState } from 'react'
import { Conversation } from '../../conversation'
import { ConversationTools, type ConversationToolsProps } from '../ConversationTools'
import { useConversationToolActions } from '../useConversationToolActions'

/** For the stories: a ticket's header and its (hidden on phones) tools, wired as the agents' app does. */
export function PhoneConversation(props: ConversationToolsProps) {
  const [emailOpen, setEmailOpen] = useState(false)
  const tools = useConversationToolActions({
    canResolve: props.canResolve,
    onResolveWithProtocol: props.onResolveWithProtocol,
    onExport: props.onExport,
    onEmail: () => setEmailOpen(true),
  })
  return (
    <Conversation.Root height="100dvh">
      <Conversation.Header contact={{ name: 'Maria Souza' }} status="open" assignedTo="Carla Dias" tools={tools} />
      <ConversationTools {...props} emailOpen={emailOpen} onEmailOpenChange={setEmailOpen} />
    </Conversation.Root>
  )
}
