/** React + SWR bindings: provider, session, one hook per resource, live updates over the socket. */
export { ApiProvider, type ApiProviderProps } from './ApiProvider'
export { applySettingToList, applyUserEventToPages, keys } from './cache'
export { isAdminUser, type Session, type SignOutReason, useApiClient, useSession, useSocket } from './context'
export type { SocketFactory } from './useLiveSocket'
export { type UseSettingsResult, useSettings } from './useSettings'
export { type UseUsersOptions, type UseUsersResult, useUser, useUserMutations, useUsers } from './useUsers'
