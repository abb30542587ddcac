export type { NoteComposerProps } from './NoteComposer'
export { NoteComposer } from './NoteComposer'
