import { Box, Flex, Icon, Stack, Text } from '@chakra-ui/react'
import { useEffect, useRef } from 'react'
import { useT } from '../../../internal/useT'
import type { PaletteGroup, PaletteItem } from './paletteItems'

const GROUPS: { group: PaletteGroup; label: 'palette.pages' | 'palette.tickets' | 'palette.contacts' }[] = [
  { group: 'pages', label: 'palette.pages' },
  { group: 'tickets', label: 'palette.tickets' },
  { group: 'contacts', label: 'palette.contacts' },
]

interface PaletteListProps {
  id: string
  items: PaletteItem[]
  active: number
  optionId: (index: number) => string
  onActiveChange: (index: number) => void
  onChoose: (item: PaletteItem) => void
}

/** The results as a listbox of groups; the input keeps the focus and points at the active option. */
export function PaletteList({ id, items, active, optionId, onActiveChange, onChoose }: PaletteListProps) {
  const t = useT()
  const listRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    listRef.current?.querySelector(`[id="${optionId(active)}"]`)?.scrollIntoView({ block: 'nearest' })
  }, [active, optionId])
  return (
    <Box
      ref={listRef}
      id={id}
      role="listbox"
      aria-label={t('palette.results')}
      maxHeight="min(60dvh, 28rem)"
      overflowY="auto"
    >
      {GROUPS.map(({ group, label }) => {
        const members = items.flatMap((item, index) => (item.group === group ? [{ item, index }] : []))
        if (members.length === 0) return null
        return (
          <Stack key={group} role="group" aria-labelledby={`${id}-${group}`} gap="0.5" paddingBlock="1.5">
            <Text
              id={`${id}-${group}`}
              role="presentation"
              textStyle="xs"
              fontWeight="semibold"
              color="fg.muted"
              paddingInline="3"
            >
              {t(label)}
            </Text>
            {members.map(({ item, index }) => (
              <Flex
                key={item.key}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                alignItems="center"
                gap="3"
                paddingInline="3"
                paddingBlock="2"
                borderRadius="l2"
                cursor="pointer"
                _selected={{ bg: 'colorPalette.subtle' }}
                onPointerMove={() => index !== active && onActiveChange(index)}
                onClick={() => onChoose(item)}
              >
                <Icon boxSize="4" color="fg.muted" aria-hidden>
                  <item.icon />
                </Icon>
                <Text truncate>{item.label}</Text>
                {item.detail && (
                  <Text textStyle="sm" color="fg.muted" marginInlineStart="auto" flexShrink="0">
                    {item.detail}
                  </Text>
                )}
              </Flex>
            ))}
          </Stack>
        )
      })}
    </Box>
  )
}
