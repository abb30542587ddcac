import { Button, Flex, HStack } from '@chakra-ui/react'
import { LuDownload, LuPlus, LuTrash2, LuUpload } from 'react-icons/lu'
import { useT } from '../../../internal/useT'
import { SearchField } from '../../search-field/SearchField'

export interface ContactsToolbarProps {
  search: string
  onSearchChange: (search: string) => void
  onAdd?: () => void
  /** Pull the phone's contacts through the default connection. */
  onImport?: () => void
  /** Download the contacts as a CSV file. */
  onExport?: () => void
  /** Administrators only: delete every contact (the page asks for confirmation). */
  onDeleteAll?: () => void
  isImporting?: boolean
  isExporting?: boolean
}

/** Search, import, export, add and delete all, above the contacts table. */
export function ContactsToolbar(props: ContactsToolbarProps) {
  const { search, onSearchChange, onAdd, onImport, onExport, onDeleteAll, isImporting, isExporting } = props
  const t = useT()
  const outline = { variant: 'outline', colorPalette: 'gray' } as const
  return (
    <Flex gap="2" wrap="wrap" justifyContent="space-between">
      <SearchField
        value={search}
        onChange={onSearchChange}
        label={t('contacts.searchLabel')}
        placeholder={t('contacts.search')}
        width="72"
      />
      <HStack gap="2" wrap="wrap">
        {onImport && (
          <Button {...outline} onClick={onImport} loading={isImporting} loadingText={t('contacts.import')}>
            <LuDownload aria-hidden />
            {t('contacts.import')}
          </Button>
        )}
        {onExport && (
          <Button {...outline} onClick={onExport} loading={isExporting} loadingText={t('contacts.exporting')}>
            <LuUpload aria-hidden />
            {t('contacts.export')}
          </Button>
        )}
        {onDeleteAll && (
          <Button variant="outline" colorPalette="red" onClick={onDeleteAll}>
            <LuTrash2 aria-hidden />
            {t('contacts.deleteAll')}
          </Button>
        )}
        {onAdd && (
          <Button onClick={onAdd}>
            <LuPlus aria-hidden />
            {t('contacts.add')}
          </Button>
        )}
      </HStack>
    </Flex>
  )
}
