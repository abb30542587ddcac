import { CloseButton, Input, InputGroup } from '@chakra-ui/react'
import { useRef } from 'react'
import { LuSearch } from 'react-icons/lu'
import { useT } from '../../internal/useT'

export interface SearchFieldProps {
  value: string
  onChange: (value: string) => void
  /** The accessible name, e.g. "Search contacts by name, number or email". */
  label: string
  /** Defaults to the label. */
  placeholder?: string
  /** Defaults to 64 (16rem). */
  width?: string
}

/** A search box with a clear button, for a page header or a toolbar. Escape clears it too. */
export function SearchField({ value, onChange, label, placeholder, width = '64' }: SearchFieldProps) {
  const t = useT()
  const inputRef = useRef<HTMLInputElement>(null)
  const clear = () => {
    onChange('')
    inputRef.current?.focus()
  }
  return (
    <InputGroup
      width={{ base: 'full', sm: width }}
      startElement={<LuSearch aria-hidden />}
      endElement={
        value ? <CloseButton size="xs" colorPalette="gray" aria-label={t('search.clear')} onClick={clear} /> : undefined
      }
    >
      <Input
        ref={inputRef}
        type="search"
        placeholder={placeholder ?? label}
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && value) {
            e.preventDefault()
            onChange('')
          }
        }}
        css={{ '&::-webkit-search-cancel-button': { display: 'none' } }}
      />
    </InputGroup>
  )
}
