export type { GroupActionConfirmProps, GroupsAction, GroupsBatchAction } from './GroupActionConfirm'
export { GroupActionConfirm } from './GroupActionConfirm'
