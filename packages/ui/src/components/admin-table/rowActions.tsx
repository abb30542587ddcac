import { LuPencil, LuTrash2 } from 'react-icons/lu'
import type { AdminTableRowAction } from './internal/types'

/** The pencil that opens a row for editing; `label` names the row ("Edit Sales"). */
export const editRowAction = <T,>(label: (row: T) => string, onClick?: (row: T) => void): AdminTableRowAction<T> => ({
  key: 'edit',
  label,
  icon: <LuPencil />,
  onClick,
})

/** The red bin that deletes a row (the page asks first); `label` names the row ("Delete Sales"). */
export const deleteRowAction = <T,>(label: (row: T) => string, onClick?: (row: T) => void): AdminTableRowAction<T> => ({
  key: 'delete',
  label,
  icon: <LuTrash2 />,
  colorPalette: 'red',
  onClick,
})
