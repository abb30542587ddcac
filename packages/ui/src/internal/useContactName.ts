import { useCallback } from 'react'
import { useT } from './useT'

export interface NamedContact {
  name: string
  number?: string | null
  isGroup?: boolean
}

/**
 * The name to show for a contact. A group whose name is not known yet (its name is its raw id, until the
 * network tells it) reads "Group …4321" rather than a long string of digits.
 */
export function useContactName() {
  const t = useT()
  return useCallback(
    (contact: NamedContact) => {
      const name = contact.name.trim()
      const number = contact.number ?? ''
      if (!contact.isGroup || (name !== '' && name !== number)) return contact.name
      return t('contacts.unnamedGroup', { short: (number || name).slice(-4) })
    },
    [t],
  )
}
