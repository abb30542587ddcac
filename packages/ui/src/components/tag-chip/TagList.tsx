import { Box, HStack, VisuallyHidden } from '@chakra-ui/react'
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
  /** Shows at most this many chips, then "+N" (its title and accessible name list the hidden tags). */
  max?: number
}

/** Tags as a list of coloured chips; nothing at all when there are none. */
export function TagList({ tags, size, wrap, onRemove, disabled, label, max }: TagListProps) {
  const t = useT()
  if (!tags.length) return null
  const shown = max !== undefined && tags.length > max ? tags.slice(0, max) : tags
  const hidden = tags.slice(shown.length)
  return (
    <HStack
      as="ul"
      gap="1"
      minWidth="0"
      overflow={wrap ? undefined : 'hidden'}
      flexWrap={wrap ? 'wrap' : 'nowrap'}
      listStyle="none"
      // With a cap, a chip short of room truncates its name instead of running under the "+N".
      css={max !== undefined ? { '& > li > span': { flexShrink: 1, minWidth: 0 } } : undefined}
      aria-label={label ?? t('tagList.label')}
    >
      {shown.map((tag) => (
        <li key={tag.id ?? tag.tag} style={{ display: 'flex', minWidth: 0 }}>
          <TagChip tag={tag} size={size} onRemove={onRemove} disabled={disabled} />
        </li>
      ))}
      {hidden.length > 0 && (
        <li style={{ display: 'flex', flexShrink: 0 }}>
          <Box
            as="span"
            textStyle="xs"
            fontWeight="medium"
            color="fg.muted"
            title={hidden.map((tag) => tag.tag).join(', ')}
          >
            <span aria-hidden>+{hidden.length}</span>
            <VisuallyHidden>
              {t('tagList.more', { count: hidden.length, names: hidden.map((tag) => tag.tag).join(', ') })}
            </VisuallyHidden>
          </Box>
        </li>
      )}
    </HStack>
  )
}
