export type { QuickAnswersTableItem, QuickAnswersTableProps } from './QuickAnswersTable'
export { QuickAnswersTable } from './QuickAnswersTable'
