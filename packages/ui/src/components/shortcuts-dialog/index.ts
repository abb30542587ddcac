export type { ShortcutsDialogProps } from './ShortcutsDialog'
export { ShortcutsDialog } from './ShortcutsDialog'
