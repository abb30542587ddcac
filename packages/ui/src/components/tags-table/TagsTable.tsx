import { LuTags } from 'react-icons/lu'
import { useT } from '../../internal/useT'
import { AdminTable, type AdminTableLoadProps } from '../admin-table/AdminTable'
import { deleteRowAction, editRowAction } from '../admin-table/rowActions'
import { TagChip } from '../tag-chip/TagChip'

export interface TagsTableTag {
  id: number
  tag: string
  color: string
}

export interface TagsTableProps<T extends TagsTableTag = TagsTableTag> extends AdminTableLoadProps {
  tags: T[]
  /** Administrators add, edit and delete; without these the buttons are not shown. */
  onAdd?: () => void
  onEdit?: (tag: T) => void
  onDelete?: (tag: T) => void
}

/** The tag catalogue: each tag as it shows on tickets, its colour value and actions. */
export function TagsTable<T extends TagsTableTag>(props: TagsTableProps<T>) {
  const t = useT()
  return (
    <AdminTable
      rows={props.tags}
      isLoading={props.isLoading}
      error={props.error}
      onReload={props.onReload}
      onAdd={props.onAdd}
      addLabel={t('tags.add')}
      empty={{ title: t('tags.empty'), description: t('tags.emptyHint'), icon: <LuTags /> }}
      columns={[
        {
          key: 'name',
          header: t('tags.column.name'),
          cell: (tag) => <TagChip tag={tag} size="md" />,
          skeleton: 30,
        },
        {
          key: 'color',
          header: t('tags.column.color'),
          cellProps: { color: 'fg.muted', fontFamily: 'mono', textStyle: 'xs' },
          cell: (tag) => tag.color,
          skeleton: 20,
        },
      ]}
      actionsColumn={{ header: t('tags.column.actions'), skeleton: 15 }}
      rowActions={[
        editRowAction((tag: T) => t('tags.edit', { name: tag.tag }), props.onEdit),
        deleteRowAction((tag: T) => t('tags.delete', { name: tag.tag }), props.onDelete),
      ]}
    />
  )
}
