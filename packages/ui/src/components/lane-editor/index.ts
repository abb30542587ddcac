export type { LaneEditorMode, LaneEditorProps, LaneValues } from './LaneEditor'
export { LaneEditor } from './LaneEditor'
