export type { ReplyWindowChannel, ReplyWindowNoticeProps } from './ReplyWindowNotice'
export { ReplyWindowNotice } from './ReplyWindowNotice'
