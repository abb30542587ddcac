import { ColorSwatch, HStack, Text } from '@chakra-ui/react'
import { LuLayers } from 'react-icons/lu'
import { useT } from '../../internal/useT'
import { AdminTable, type AdminTableLoadProps } from '../admin-table/AdminTable'
import { deleteRowAction, editRowAction } from '../admin-table/rowActions'

export interface QueuesTableQueue {
  id: number
  name: string
  color: string
  greetingMessage: string | null
}

export interface QueuesTableProps<T extends QueuesTableQueue = QueuesTableQueue> extends AdminTableLoadProps {
  queues: T[]
  /** Administrators add, edit and delete; without these the buttons are not shown. */
  onAdd?: () => void
  onEdit?: (queue: T) => void
  onDelete?: (queue: T) => void
}

/** The queues: name, colour, greeting message and actions. */
export function QueuesTable<T extends QueuesTableQueue>(props: QueuesTableProps<T>) {
  const t = useT()
  return (
    <AdminTable
      rows={props.queues}
      isLoading={props.isLoading}
      error={props.error}
      onReload={props.onReload}
      onAdd={props.onAdd}
      addLabel={t('queues.add')}
      empty={{ title: t('queues.empty'), description: t('queues.emptyHint'), icon: <LuLayers /> }}
      columns={[
        {
          key: 'name',
          header: t('queues.column.name'),
          cellProps: { fontWeight: 'medium' },
          cell: (queue) => queue.name,
          skeleton: 30,
        },
        {
          key: 'color',
          header: t('queues.column.color'),
          skeleton: 20,
          cell: (queue) => (
            <HStack gap="2">
              <ColorSwatch value={queue.color} boxSize="5" borderRadius="l1" aria-hidden />
              <Text as="span" color="fg.muted" fontFamily="mono" textStyle="xs">
                {queue.color}
              </Text>
            </HStack>
          ),
        },
        {
          key: 'greeting',
          header: t('queues.column.greeting'),
          cellProps: { color: 'fg.muted', maxWidth: 'md' },
          skeleton: 60,
          cell: (queue) => (
            <Text lineClamp={2} whiteSpace="pre-line">
              {queue.greetingMessage || '—'}
            </Text>
          ),
        },
      ]}
      actionsColumn={{ header: t('queues.column.actions'), skeleton: 15 }}
      rowActions={[
        editRowAction((queue: T) => t('queues.edit', { name: queue.name }), props.onEdit),
        deleteRowAction((queue: T) => t('queues.delete', { name: queue.name }), props.onDelete),
      ]}
    />
  )
}
