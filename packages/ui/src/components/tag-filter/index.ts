export type { TagFilterProps } from './TagFilter'
export { TagFilter } from './TagFilter'
