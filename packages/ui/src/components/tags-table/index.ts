export type { TagsTableProps, TagsTableTag } from './TagsTable'
export { TagsTable } from './TagsTable'
