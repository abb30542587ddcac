/** React + SWR bindings: provider, session, one hook per resource, live updates over the socket. */
export { ApiProvider, type ApiProviderProps } from './ApiProvider'
export { applySettingToList, applyUserEventToPages, keys } from './cache'
export {
  type CachedList,
  isAdminUser,
  type Session,
  type SignOutReason,
  useApiClient,
  useSession,
  useSocket,
} from './context'
export {
  applyEntityToList,
  applyEntityToPages,
  contactMatches,
  type EntityChange,
  quickAnswerMatches,
} from './entityRules'
export {
  applyJobEventToPages,
  flattenJobs,
  type JobListFilter,
  jobListFilterKey,
  jobMatches,
  listClock,
} from './jobRules'
export {
  applyCardEvent,
  applyLaneEvent,
  applyTicketToCards,
  placeCardLocally,
  sortLanes,
} from './kanbanRules'
export { LiveDataProvider, type LiveDataProviderProps } from './LiveDataProvider'
export {
  applyMessageToPages,
  fetchMissed,
  flattenMessages,
  type MessagePages,
  mergeCaughtUp,
} from './messageRules'
export { SessionProvider, type SessionProviderProps } from './SessionProvider'
export {
  applyContactTagsToPages,
  applyTagToCatalogue,
  applyTagToPages,
  applyTagToTags,
} from './tagRules'
export {
  applyContactToPages,
  applyMessageTicketToPages,
  applyTicketEventToPages,
  flattenTickets,
  type TicketListParams,
  type TicketViewer,
  ticketMatches,
} from './ticketRules'
export {
  type UseBotAuditResult,
  type UseBotConfigsResult,
  type UseTicketBotsResult,
  useBotAudit,
  useBotConfigs,
  useTicketBots,
} from './useBots'
export {
  setOpenChatChannel,
  useChatChannels,
  useChatMessages,
  useMentions,
  useNoteMutations,
} from './useChat'
export {
  applyConnectionEvent,
  applySessionEvent,
  connectionsKey,
  connectionsNeedAttention,
  type TelephonySenderConnection,
  useConnectionMutations,
  useConnections,
  useTelephonySenders,
} from './useConnections'
export { useContact, useContactMutations, useContacts } from './useContacts'
export { useDashboard } from './useDashboard'
export { useDeskCache } from './useDeskCache'
export { useGroupMutations, useGroups } from './useGroups'
export { useJobCache } from './useJobCache'
export { openTicketsRoom, useCard, useCards, useKanbanMutations, useLanes } from './useKanban'
export type { SocketFactory } from './useLiveSocket'
export { useConversationMail, useMailSettings } from './useMail'
export { type SendTextInput, type UseMessagesResult, useMessageMutations, useMessages } from './useMessages'
export { useNotifications } from './useNotifications'
export {
  type BulkSendInput,
  useDirectEstimate,
  useDispatchConnections,
  useJob,
  useJobRecipients,
  useJobs,
  useOutreachFiles,
  useOutreachMutations,
} from './useOutreach'
export { useQueueMutations, useQueues, useQuickAnswer, useQuickAnswerMutations, useQuickAnswers } from './useQueues'
export { chatBoxRoom, type RoomRequest, useRoom } from './useRoom'
export { type UseSettingsResult, useSettings } from './useSettings'
export { useSignupOpen } from './useSignupOpen'
export { useContactTags, useTagCache, useTagMutations, useTags } from './useTags'
export { useTemplates } from './useTemplates'
export { type TransferInput, useTicketMutations } from './useTicketMutations'
export { ticketListKey, type UseTicketsOptions, type UseTicketsResult, useTicket, useTickets } from './useTickets'
export { type UseUsersOptions, type UseUsersResult, useUser, useUserMutations, useUsers } from './useUsers'
export {
  connectionDetailKey,
  useConnectionDetail,
  useWidgetSecret,
  useWidgetSecretMutations,
  widgetSecretKey,
} from './useWebChat'
