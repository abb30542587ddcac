import { HStack } from '@chakra-ui/react'
import { useT } from '../../internal/useT'
import { TagChip, type TagChipTag } from './TagChip'

export interface TagListProps {
  tags: TagChipTag[]
  size?: 'sm' | 'md'
  /** `nowrap` (default) keeps one line and clips what does not fit, as in list items. */
  wrap?: boolean
  /** Makes each chip removable. */
  onRemove?: (tag: TagChipTag) => void
  disabled?: boolean
  /** Accessible name of the list; "Tags" by default. */
  label?: string
}

/** Tags as a list of coloured chips; nothing at all when there are none. */
export function TagList({ tags, size, wrap, onRemove, disabled, label }: TagListProps) {
  const t = useT()
  if (!tags.length) return null
  return (
    <HStack
      as="ul"
      gap="1"
      minWidth="0"
      overflow={wrap ? undefined : 'hidden'}
      flexWrap={wrap ? 'wrap' : 'nowrap'}
      listStyle="none"
      aria-label={label ?? t('tagList.label')}
    >
      {tags.map((tag) => (
        <li key={tag.id ?? tag.tag} style={{ display: 'flex', minWidth: 0 }}>
          <TagChip tag={tag} size={size} onRemove={onRemove} disabled={disabled} />
        </li>
      ))}
    </HStack>
  )
}
