import { Box, Button, ColorSwatch, Flex, HStack, IconButton, Skeleton, Table, Text } from '@chakra-ui/react'
import { LuLayers, LuPencil, LuPlus, LuTrash2 } from 'react-icons/lu'
import { useT } from '../../internal/useT'
import { EmptyState } from '../empty-state/EmptyState'
import type { UiError } from '../error-message/useErrorText'
import { ListState } from '../list-state/ListState'

export interface QueuesTableQueue {
  id: number
  name: string
  color: string
  greetingMessage: string | null
}

export interface QueuesTableProps<T extends QueuesTableQueue = QueuesTableQueue> {
  queues: T[]
  isLoading?: boolean
  /** The last load failed: in place of the table, or under the rows already loaded. */
  error?: UiError | null
  /** Loads the list again after a failure (its Retry button). */
  onReload?: () => void
  /** Administrators add, edit and delete; without these the buttons are not shown. */
  onAdd?: () => void
  onEdit?: (queue: T) => void
  onDelete?: (queue: T) => void
}

/** The queues: name, colour, greeting message and actions. */
export function QueuesTable<T extends QueuesTableQueue>(props: QueuesTableProps<T>) {
  const { queues, isLoading, onAdd, onEdit, onDelete } = props
  const t = useT()
  const withActions = Boolean(onEdit || onDelete)
  return (
    <Flex direction="column" gap="3">
      {onAdd && (
        <Button alignSelf="flex-end" onClick={onAdd}>
          <LuPlus aria-hidden />
          {t('queues.add')}
        </Button>
      )}
      <Box borderWidth="1px" borderRadius="l2" overflowX="auto" aria-busy={isLoading || undefined}>
        <ListState
          count={queues.length}
          isLoading={isLoading}
          error={props.error}
          onRetry={props.onReload}
          skeletonRows
          empty={<EmptyState title={t('queues.empty')} description={t('queues.emptyHint')} icon={<LuLayers />} />}
        >
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader>{t('queues.column.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('queues.column.color')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('queues.column.greeting')}</Table.ColumnHeader>
                {withActions && <Table.ColumnHeader textAlign="end">{t('queues.column.actions')}</Table.ColumnHeader>}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {queues.map((queue) => (
                <Table.Row key={queue.id}>
                  <Table.Cell fontWeight="medium">{queue.name}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="2">
                      <ColorSwatch value={queue.color} boxSize="5" borderRadius="l1" aria-hidden />
                      <Text as="span" color="fg.muted" fontFamily="mono" textStyle="xs">
                        {queue.color}
                      </Text>
                    </HStack>
                  </Table.Cell>
                  <Table.Cell color="fg.muted" maxWidth="md">
                    <Text lineClamp={2} whiteSpace="pre-line">
                      {queue.greetingMessage || '—'}
                    </Text>
                  </Table.Cell>
                  {withActions && (
                    <Table.Cell textAlign="end">
                      <HStack gap="1" justifyContent="flex-end">
                        {onEdit && (
                          <IconButton
                            size="sm"
                            variant="ghost"
                            colorPalette="gray"
                            aria-label={t('queues.edit', { name: queue.name })}
                            onClick={() => onEdit(queue)}
                          >
                            <LuPencil />
                          </IconButton>
                        )}
                        {onDelete && (
                          <IconButton
                            size="sm"
                            variant="ghost"
                            colorPalette="red"
                            aria-label={t('queues.delete', { name: queue.name })}
                            onClick={() => onDelete(queue)}
                          >
                            <LuTrash2 />
                          </IconButton>
                        )}
                      </HStack>
                    </Table.Cell>
                  )}
                </Table.Row>
              ))}
              {isLoading &&
                [0, 1, 2].map((i) => (
                  <Table.Row key={`s${i}`} aria-hidden>
                    {[30, 20, 60, 15].slice(0, withActions ? 4 : 3).map((width, j) => (
                      <Table.Cell key={j}>
                        <Skeleton
                          height="4"
                          width={`${width}%`}
                          minWidth="8"
                          marginInlineStart={j === 3 ? 'auto' : undefined}
                        />
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
            </Table.Body>
          </Table.Root>
        </ListState>
      </Box>
    </Flex>
  )
}
