import { Text } from '@chakra-ui/react'
import { LuMessageSquareText } from 'react-icons/lu'
import { useT } from '../../internal/useT'
import { AdminTable, type AdminTablePagedProps } from '../admin-table/AdminTable'
import { deleteRowAction, editRowAction } from '../admin-table/rowActions'
import { SearchField } from '../search-field/SearchField'

export interface QuickAnswersTableItem {
  id: number
  shortcut: string
  message: string
}

/** The scrolling region's name defaults to "Quick answers". */
export interface QuickAnswersTableProps<T extends QuickAnswersTableItem = QuickAnswersTableItem>
  extends AdminTablePagedProps {
  quickAnswers: T[]
  /** The search box above the table (the page searches on the server). */
  search: string
  onSearchChange: (search: string) => void
  onAdd?: () => void
  onEdit?: (quickAnswer: T) => void
  onDelete?: (quickAnswer: T) => void
}

/** Search and add above a table of quick answers: shortcut, the start of the message, edit and delete; infinite scroll. */
export function QuickAnswersTable<T extends QuickAnswersTableItem>(props: QuickAnswersTableProps<T>) {
  const t = useT()
  return (
    <AdminTable
      rows={props.quickAnswers}
      isLoading={props.isLoading}
      error={props.error}
      onReload={props.onReload}
      onAdd={props.onAdd}
      addLabel={t('quickAnswers.add')}
      toolbar={
        <SearchField
          value={props.search}
          onChange={props.onSearchChange}
          label={t('quickAnswers.searchLabel')}
          placeholder={t('quickAnswers.search')}
          width="72"
        />
      }
      scroll={{
        label: props.label ?? t('quickAnswers.title'),
        maxHeight: props.maxHeight,
        hasMore: props.hasMore,
        onLoadMore: props.onLoadMore,
      }}
      empty={{
        title: t('quickAnswers.empty'),
        description: t('quickAnswers.emptyHint'),
        icon: <LuMessageSquareText />,
      }}
      columns={[
        {
          key: 'shortcut',
          header: t('quickAnswers.column.shortcut'),
          headerProps: { width: '30%' },
          cellProps: { fontWeight: 'medium', fontFamily: 'mono', wordBreak: 'break-all' },
          cell: (item) => `/${item.shortcut}`,
          skeleton: 50,
        },
        {
          key: 'message',
          header: t('quickAnswers.column.message'),
          cellProps: { color: 'fg.muted' },
          skeleton: 80,
          cell: (item) => (
            <Text lineClamp={2} whiteSpace="pre-line" wordBreak="break-word">
              {item.message}
            </Text>
          ),
        },
      ]}
      actionsColumn={{ header: t('quickAnswers.column.actions'), skeleton: 30 }}
      rowActions={[
        editRowAction((item: T) => t('quickAnswers.edit', { name: item.shortcut }), props.onEdit),
        deleteRowAction((item: T) => t('quickAnswers.delete', { name: item.shortcut }), props.onDelete),
      ]}
    />
  )
}
