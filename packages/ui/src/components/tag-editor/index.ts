export type { TagEditorProps } from './TagEditor'
export { TagEditor } from './TagEditor'
