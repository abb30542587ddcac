import { Box, Center, chakra, Spinner, Text } from '@chakra-ui/react'
import {
  type EmojiPickerListCategoryHeaderProps,
  type EmojiPickerListEmojiProps,
  type EmojiPickerListRowProps,
  EmojiPicker as Picker,
} from 'frimousse'
import { useCallback, useEffect, useRef } from 'react'
import { useIntl } from 'react-intl'
import type { MessageId } from '../../../i18n'
import { useT } from '../../../internal/useT'
import { emojiLocaleOf, loadEmojiData } from './emojiData'

export interface EmojiPickerProps {
  onPick: (emoji: string) => void
}

const Root = chakra(Picker.Root)
const Search = chakra(Picker.Search)
const Viewport = chakra(Picker.Viewport)
const List = chakra(Picker.List)

/**
 * The emoji picker: a search box and every emoji by category, in the reader's language. Typing
 * searches, the arrow keys move through the grid and Enter picks. This module (and its data) is
 * loaded only when the picker first opens; see `EmojiMenu`.
 */
export default function EmojiPicker({ onPick }: EmojiPickerProps) {
  const t = useT()
  const { locale } = useIntl()
  const resolveEmojiData = useCallback(
    (language: string) => loadEmojiData(emojiLocaleOf(language), (order) => t(`emoji.category.${order}` as MessageId)),
    [t],
  )
  return (
    <Root
      locale={emojiLocaleOf(locale)}
      columns={8}
      resolveEmojiData={resolveEmojiData}
      onEmojiSelect={({ emoji }) => onPick(emoji)}
      display="flex"
      flexDirection="column"
      gap="2"
      height="22rem"
      width="19.5rem"
    >
      <Search
        aria-label={t('emoji.search')}
        placeholder={t('emoji.search')}
        // The picker opens on its search box: typing a name is the quickest way to an emoji.
        autoFocus
        appearance="none"
        height="9"
        paddingInline="3"
        borderWidth="1px"
        borderColor="border"
        borderRadius="l2"
        bg="bg"
        color="fg"
        textStyle="sm"
        outline="none"
        _focusVisible={{
          borderColor: 'colorPalette.focusRing',
          boxShadow: '0 0 0 1px var(--chakra-colors-color-palette-focus-ring)',
        }}
        _placeholder={{ color: 'fg.muted' }}
      />
      <Viewport flex="1" position="relative" outline="none" borderRadius="l2" focusVisibleRing="outside">
        <Picker.Loading>
          <Center position="absolute" inset="0" gap="2" color="fg.muted" textStyle="sm">
            <Spinner size="sm" />
            {t('emoji.loading')}
          </Center>
        </Picker.Loading>
        <Picker.Empty>
          <Center position="absolute" inset="0" color="fg.muted" textStyle="sm">
            {t('emoji.noResults')}
          </Center>
        </Picker.Empty>
        <List aria-label={t('emoji.list')} userSelect="none" components={{ CategoryHeader, Row, Emoji }} />
      </Viewport>
    </Root>
  )
}

function CategoryHeader({ category, ...props }: EmojiPickerListCategoryHeaderProps) {
  return (
    <Box {...props} bg="bg.panel" paddingInline="1" paddingBlock="1.5">
      <Text textStyle="xs" fontWeight="medium" color="fg.muted">
        {category.label}
      </Text>
    </Box>
  )
}

/** ARIA counts rows and columns from 1; frimousse numbers them from 0. */
const fromOne = (index: unknown) => (typeof index === 'number' ? index + 1 : undefined)

function Row({ children, ...props }: EmojiPickerListRowProps) {
  return (
    <Box {...props} aria-rowindex={fromOne(props['aria-rowindex'])} paddingInline="0.5">
      {children}
    </Box>
  )
}

/**
 * One emoji. The active one (arrow keys or pointer) is kept in view here: frimousse finds the row to
 * scroll to by its 0-based `aria-rowindex`, which `Row` corrects.
 */
function Emoji({ emoji, ...props }: EmojiPickerListEmojiProps) {
  const ref = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (emoji.isActive) ref.current?.scrollIntoView({ block: 'nearest' })
  }, [emoji.isActive])
  return (
    <chakra.button
      {...props}
      ref={ref}
      aria-colindex={fromOne(props['aria-colindex'])}
      scrollMarginTop="var(--frimousse-category-header-height)"
      display="flex"
      alignItems="center"
      justifyContent="center"
      boxSize="9"
      flexShrink="0"
      borderRadius="l2"
      overflow="hidden"
      textStyle="xl"
      cursor="pointer"
      bg={emoji.isActive ? 'bg.emphasized' : undefined}
    >
      {emoji.emoji}
    </chakra.button>
  )
}
