export type { QuickAnswerModalProps, QuickAnswerModalValues, QuickAnswerVariable } from './QuickAnswerModal'
export { QuickAnswerModal } from './QuickAnswerModal'
