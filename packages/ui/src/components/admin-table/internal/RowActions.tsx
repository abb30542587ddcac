import { Box, HStack, IconButton, Table, Tooltip } from '@chakra-ui/react'
import { UiPortal } from '../../../internal/portal'
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

/** A row's icon buttons, at the end of the row; each names itself on hover and keyboard focus. */
export function RowActions<T>({ row, actions, compact }: RowActionsProps<T>) {
  return (
    <Table.Cell textAlign="end" paddingInline={compact ? '1' : undefined} {...stickyEnd}>
      <HStack gap={compact ? '0' : '1'} justifyContent="flex-end">
        {actions.map((action) => {
          if (action.hidden?.(row)) return <Box key={action.key} aria-hidden width="9" flexShrink="0" />
          const label = action.label(row)
          return (
            <Tooltip.Root
              key={action.key}
              openDelay={300}
              closeDelay={0}
              positioning={{ placement: 'top' }}
              lazyMount
              unmountOnExit
            >
              <Tooltip.Trigger asChild>
                <IconButton
                  size="sm"
                  variant="ghost"
                  colorPalette={action.colorPalette ?? 'gray'}
                  disabled={action.disabled?.(row)}
                  aria-label={label}
                  onClick={() => action.onClick?.(row)}
                >
                  {action.icon}
                </IconButton>
              </Tooltip.Trigger>
              <UiPortal>
                <Tooltip.Positioner>
                  <Tooltip.Content>{label}</Tooltip.Content>
                </Tooltip.Positioner>
              </UiPortal>
            </Tooltip.Root>
          )
        })}
      </HStack>
    </Table.Cell>
  )
}
