import { Dialog, Input, InputGroup, Spinner, Text } from '@chakra-ui/react'
import { type KeyboardEvent, useCallback, useId, useMemo, useRef, useState } from 'react'
import { LuSearch } from 'react-icons/lu'
import type { NavSection } from '../../internal/navItems'
import { UiPortal } from '../../internal/portal'
import { useT } from '../../internal/useT'
import { PaletteList } from './internal/PaletteList'
import { isSearchable, type PaletteItem, paletteItems } from './internal/paletteItems'
import type { CommandPaletteContact, CommandPaletteTicket } from './types'

export interface CommandPaletteProps {
  open: boolean
  /** Escape, a click outside and every choice call this. */
  onClose: () => void
  query: string
  onQueryChange: (query: string) => void
  /** The pages to offer, as the menu groups them for this user. */
  pages: NavSection[]
  /** Tickets and contacts matching the query, once it has `searchMinLength` characters. */
  tickets?: CommandPaletteTicket[]
  contacts?: CommandPaletteContact[]
  /** True while tickets and contacts are being looked for. */
  isSearching?: boolean
  /** Defaults to 3. */
  searchMinLength?: number
  onNavigate: (href: string) => void
  onOpenTicket: (ticket: CommandPaletteTicket) => void
  onOpenContact: (contact: CommandPaletteContact) => void
}

/**
 * Go to a page, or find a ticket or contact by name or number: a combobox over grouped results.
 * ↑/↓ move through every group, Enter opens the active result, Escape closes.
 */
export function CommandPalette(props: CommandPaletteProps) {
  const { open, onClose, query, onQueryChange, isSearching, searchMinLength = 3 } = props
  const t = useT()
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [activeKey, setActiveKey] = useState<string | null>(null)
  const items = useMemo(
    () =>
      paletteItems({
        query,
        pages: props.pages,
        searchMinLength,
        tickets: props.tickets ?? [],
        contacts: props.contacts ?? [],
        t,
        onNavigate: props.onNavigate,
        onOpenTicket: props.onOpenTicket,
        onOpenContact: props.onOpenContact,
      }),
    [
      query,
      props.pages,
      searchMinLength,
      props.tickets,
      props.contacts,
      t,
      props.onNavigate,
      props.onOpenTicket,
      props.onOpenContact,
    ],
  )
  // The active result follows its key; when the results change under it, the first one is active.
  const found = items.findIndex((item) => item.key === activeKey)
  const active = Math.max(found, 0)
  const optionId = useCallback((index: number) => `${id}-option-${index}`, [id])
  const listId = `${id}-list`

  const choose = (item: PaletteItem | undefined) => {
    if (!item) return
    item.choose()
    onClose()
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing || items.length === 0) return
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      const next = (active + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length
      setActiveKey(items[next]?.key ?? null)
    } else if (e.key === 'Enter') {
      e.preventDefault()
      choose(items[active])
    }
  }

  const searchable = isSearchable(query, searchMinLength)
  const status = isSearching
    ? t('palette.searching')
    : !searchable
      ? t('palette.searchHint', { count: searchMinLength })
      : items.length === 0
        ? t('palette.noResults')
        : ''
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      placement="top"
      size="lg"
      initialFocusEl={() => inputRef.current}
    >
      <UiPortal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Title srOnly>{t('palette.title')}</Dialog.Title>
            <Dialog.Body padding="3" display="flex" flexDirection="column" gap="2">
              <InputGroup
                startElement={<LuSearch aria-hidden />}
                endElement={isSearching ? <Spinner size="sm" /> : undefined}
              >
                <Input
                  ref={inputRef}
                  role="combobox"
                  aria-label={t('palette.input')}
                  aria-autocomplete="list"
                  aria-expanded={items.length > 0}
                  aria-controls={items.length > 0 ? listId : undefined}
                  aria-activedescendant={items.length > 0 ? optionId(active) : undefined}
                  placeholder={t('palette.placeholder')}
                  autoComplete="off"
                  value={query}
                  onChange={(e) => onQueryChange(e.currentTarget.value)}
                  onKeyDown={onKeyDown}
                />
              </InputGroup>
              {items.length > 0 && (
                <PaletteList
                  id={listId}
                  items={items}
                  active={active}
                  optionId={optionId}
                  onActiveChange={(index) => setActiveKey(items[index]?.key ?? null)}
                  onChoose={choose}
                />
              )}
              <Text role="status" textStyle="sm" color="fg.muted" paddingInline="3" minHeight="5">
                {status}
              </Text>
            </Dialog.Body>
            <Dialog.Footer borderTopWidth="1px" paddingBlock="2" justifyContent="flex-start">
              <Text textStyle="xs" color="fg.muted">
                {t('palette.keys')}
              </Text>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </UiPortal>
    </Dialog.Root>
  )
}
