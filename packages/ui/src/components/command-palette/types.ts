/** A ticket found by the palette's search. */
export interface CommandPaletteTicket {
  id: number
  status: 'open' | 'pending' | 'closed'
  contact: { name: string; number?: string | null }
}

/** A contact found by the palette's search. */
export interface CommandPaletteContact {
  id: number
  name: string
  number?: string | null
}
