import { Box, Button, Menu } from '@chakra-ui/react'
import { LuTag } from 'react-icons/lu'
import { UiPortal } from '../../internal/portal'
import { useT } from '../../internal/useT'
import type { TagChipTag } from '../tag-chip/TagChip'

export interface TagFilterProps {
  /** The catalogue. */
  tags: (TagChipTag & { id: number })[]
  /** Tickets whose contact carries any of these tags; empty: no filter. */
  selected: number[]
  onChange: (ids: number[]) => void
}

/** The ticket list's tag filter: a menu of checkable tags, plus "All tags" to clear it. */
export function TagFilter({ tags, selected, onChange }: TagFilterProps) {
  const t = useT()
  const active = selected.filter((id) => tags.some((tag) => tag.id === id))
  return (
    <Menu.Root closeOnSelect={false}>
      <Menu.Trigger asChild>
        <Button
          size="xs"
          variant={active.length ? 'subtle' : 'outline'}
          colorPalette={active.length ? undefined : 'gray'}
          aria-label={`${t('tagFilter.label')}: ${t('tagFilter.selected', { count: active.length })}`}
        >
          <LuTag aria-hidden />
          {t('tagFilter.selected', { count: active.length })}
        </Button>
      </Menu.Trigger>
      <UiPortal>
        <Menu.Positioner>
          <Menu.Content minWidth="48" maxHeight="72" overflowY="auto">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>{t('tagFilter.group')}</Menu.ItemGroupLabel>
              {tags.map((tag) => (
                <Menu.CheckboxItem
                  key={tag.id}
                  value={String(tag.id)}
                  checked={active.includes(tag.id)}
                  onCheckedChange={(checked) =>
                    onChange(checked ? [...active, tag.id] : active.filter((id) => id !== tag.id))
                  }
                >
                  <Box boxSize="2.5" borderRadius="full" flexShrink="0" style={{ background: tag.color }} aria-hidden />
                  {tag.tag}
                  <Menu.ItemIndicator />
                </Menu.CheckboxItem>
              ))}
            </Menu.ItemGroup>
            {active.length > 0 && (
              <>
                <Menu.Separator />
                <Menu.Item value="clear" onClick={() => onChange([])}>
                  {t('tagFilter.clear')}
                </Menu.Item>
              </>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </UiPortal>
    </Menu.Root>
  )
}
