import { Box, HStack, IconButton, Table } from '@chakra-ui/react'
import type { AdminTableRowAction } from './types'

interface RowActionsProps<T> {
  row: T
  actions: AdminTableRowAction<T>[]
  compact?: boolean
}

/**
 * The actions column stays in view at the table's end: when a narrow screen scrolls the table sideways,
 * the other columns pass under it and the buttons stay reachable without scrolling. Its layer is the
 * lowest, so a sticky header row (z-index 1) still covers the rows scrolled up under it.
 */
export const stickyEnd = { position: 'sticky', insetInlineEnd: '0', zIndex: '0', bg: 'bg' } as const

/** A row's icon buttons, at the end of the row. */
export function RowActions<T>({ row, actions, compact }: RowActionsProps<T>) {
  return (
    <Table.Cell textAlign="end" paddingInline={compact ? '1' : undefined} {...stickyEnd}>
      <HStack gap={compact ? '0' : '1'} justifyContent="flex-end">
        {actions.map((action) =>
          action.hidden?.(row) ? (
            <Box key={action.key} aria-hidden width="9" flexShrink="0" />
          ) : (
            <IconButton
              key={action.key}
              size="sm"
              variant="ghost"
              colorPalette={action.colorPalette ?? 'gray'}
              disabled={action.disabled?.(row)}
              aria-label={action.label(row)}
              onClick={() => action.onClick?.(row)}
            >
              {action.icon}
            </IconButton>
          ),
        )}
      </HStack>
    </Table.Cell>
  )
}
