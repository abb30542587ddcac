export type { CommandPaletteProps } from './CommandPalette'
export { CommandPalette } from './CommandPalette'
export type { CommandPaletteContact, CommandPaletteTicket } from './types'
