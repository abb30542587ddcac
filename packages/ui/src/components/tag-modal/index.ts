export type { TagModalProps, TagModalValues } from './TagModal'
export { TagModal } from './TagModal'
