import { Badge, chakra, HStack } from '@chakra-ui/react'
import { type KeyboardEvent, useRef } from 'react'

const Tab = chakra('button', {
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    paddingInline: '3',
    paddingBlock: '2',
    textStyle: 'sm',
    fontWeight: 'medium',
    color: 'fg.muted',
    borderBottomWidth: '2px',
    borderColor: 'transparent',
    marginBottom: '-1px',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    _hover: { color: 'fg' },
    _selected: { color: 'fg', borderColor: 'colorPalette.solid' },
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '-2px' },
  },
})

export interface TabItem<T extends string> {
  value: T
  label: string
  /** A badge beside the label (a count, formatted by the caller). */
  count?: number | string
}

interface TabBarProps<T extends string> {
  label: string
  items: TabItem<T>[]
  value: T
  onChange: (value: T) => void
  /** Id of the panel the tabs control. */
  panelId: string
  size?: 'sm' | 'md'
}

/** Tabs (WAI-ARIA tablist): arrows, Home and End move between them and select, as in most tab bars. */
export function TabBar<T extends string>({ label, items, value, onChange, panelId, size = 'md' }: TabBarProps<T>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([])
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const last = items.length - 1
    const next =
      e.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : e.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : -1
    if (next < 0) return
    e.preventDefault()
    refs.current[next]?.focus()
    onChange(items[next].value)
  }
  return (
    <HStack role="tablist" aria-label={label} gap="0" borderBottomWidth="1px" overflowX="auto">
      {items.map((item, index) => (
        <Tab
          key={item.value}
          ref={(el: HTMLButtonElement | null) => {
            refs.current[index] = el
          }}
          type="button"
          role="tab"
          aria-selected={item.value === value}
          aria-controls={panelId}
          tabIndex={item.value === value ? 0 : -1}
          flex="1"
          justifyContent="center"
          textStyle={size === 'sm' ? 'xs' : 'sm'}
          onClick={() => onChange(item.value)}
          onKeyDown={(e) => onKeyDown(e, index)}
        >
          {item.label}
          {item.count !== undefined && (
            <Badge
              size="xs"
              variant={item.value === value ? 'solid' : 'subtle'}
              colorPalette={item.value === value ? 'brand' : 'gray'}
            >
              {item.count}
            </Badge>
          )}
        </Tab>
      ))}
    </HStack>
  )
}
