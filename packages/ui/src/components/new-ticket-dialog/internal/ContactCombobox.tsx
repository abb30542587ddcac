import { Combobox, createListCollection, HStack, Spinner, Text } from '@chakra-ui/react'
import { useMemo, useState } from 'react'
import { LuUserPlus } from 'react-icons/lu'
import { useT } from '../../../internal/useT'
import { formatPhoneNumber } from '../../../lib/phone'

export interface ComboboxContact {
  id: number
  name: string
  number: string | null
}

/** Searches start at this many characters (the seed's rule for every search of people). */
export const CONTACT_SEARCH_MIN = 3

const ADD = 'add-contact'

interface Option {
  value: string
  contact: ComboboxContact | null
}

export interface ContactComboboxProps {
  search: string
  onSearchChange: (search: string) => void
  contacts: ComboboxContact[]
  isSearching?: boolean
  /** The search failed (the dialog says why): no "no contacts found", no "Add contact". */
  searchFailed?: boolean
  value: ComboboxContact | null
  onValueChange: (contact: ComboboxContact | null) => void
  onAddContact?: (text: string) => void
}

const digits = (text: string) => text.replace(/\D/g, '')

/** One field to find a contact by name or number, with "Add contact" when none is the one typed. */
export function ContactCombobox(props: ContactComboboxProps) {
  const { search, contacts, value, isSearching, searchFailed } = props
  const t = useT()
  const text = search.trim()
  const ready = text.length >= CONTACT_SEARCH_MIN
  const exact = contacts.some(
    (c) => c.name.toLowerCase() === text.toLowerCase() || (digits(text) !== '' && c.number === digits(text)),
  )
  const canAdd = !!props.onAddContact && ready && !isSearching && !searchFailed && !exact
  const collection = useMemo(() => {
    const found = ready && !isSearching ? contacts : []
    const items: Option[] = [...(value && !found.some((c) => c.id === value.id) ? [value] : []), ...found].map(
      (contact) => ({ value: String(contact.id), contact }),
    )
    if (canAdd) items.push({ value: ADD, contact: null })
    return createListCollection({
      items,
      itemToValue: (item) => item.value,
      // Choosing a contact writes its name in the field; "Add contact" leaves the typed text.
      itemToString: (item) => item.contact?.name ?? search,
    })
  }, [contacts, value, ready, isSearching, canAdd, search])

  const [wantsOpen, setWantsOpen] = useState(false)
  const status = !ready
    ? t('newTicket.minChars')
    : isSearching
      ? t('newTicket.searching')
      : contacts.length === 0 && !searchFailed
        ? t('newTicket.noContacts')
        : null

  return (
    <Combobox.Root
      collection={collection}
      // The field owns its text (a controlled text can lose keys typed faster than React renders);
      // the parent hears every change, and a contact chosen from outside writes its name in the field.
      defaultInputValue={search}
      onInputValueChange={({ inputValue, reason }) => {
        if (reason === 'input-change' || reason === 'clear-trigger') props.onValueChange(null)
        props.onSearchChange(inputValue)
      }}
      value={value ? [String(value.id)] : []}
      onValueChange={(details) => {
        const picked = details.items[0] as Option | undefined
        if (picked?.value === ADD) props.onAddContact?.(text)
        else props.onValueChange(picked?.contact ?? null)
      }}
      // The list opens only with something to choose.
      open={wantsOpen && collection.items.length > 0}
      onOpenChange={(details) => setWantsOpen(details.open)}
      inputBehavior="autohighlight"
      openOnClick
      positioning={{ sameWidth: true }}
    >
      <Combobox.Label>{t('newTicket.contact')}</Combobox.Label>
      <Combobox.Control>
        <Combobox.Input placeholder={t('newTicket.search')} />
        <Combobox.IndicatorGroup>
          {isSearching && <Spinner size="xs" color="fg.muted" aria-hidden />}
          <Combobox.ClearTrigger />
        </Combobox.IndicatorGroup>
      </Combobox.Control>
      <Combobox.Positioner>
        <Combobox.Content>
          {collection.items.map((item) =>
            item.contact ? (
              <Combobox.Item key={item.value} item={item}>
                <Combobox.ItemText>
                  {item.contact.name}
                  {item.contact.number && (
                    <Text as="span" color="fg.muted" marginInlineStart="2">
                      {formatPhoneNumber(item.contact.number)}
                    </Text>
                  )}
                </Combobox.ItemText>
                <Combobox.ItemIndicator />
              </Combobox.Item>
            ) : (
              <Combobox.Item key={item.value} item={item} colorPalette="brand" color="colorPalette.fg">
                <HStack gap="2">
                  <LuUserPlus aria-hidden />
                  {t('newTicket.addContact', { name: text })}
                </HStack>
              </Combobox.Item>
            ),
          )}
        </Combobox.Content>
      </Combobox.Positioner>
      {/* What the search says, under the field (an open list with no option is not allowed). */}
      <Text role="status" data-testid="combobox-status" textStyle="sm" color="fg.muted" minHeight="5">
        {text ? status : null}
      </Text>
    </Combobox.Root>
  )
}
