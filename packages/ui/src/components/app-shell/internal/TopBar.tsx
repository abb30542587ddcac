import { Box, Button, Flex, IconButton, Kbd, NativeSelect, Spacer } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { LuMenu, LuMoon, LuSearch, LuSun } from 'react-icons/lu'
import { isUiLocale, LOCALE_NAMES, LOCALES, type UiLocale } from '../../../i18n'
import { Logo } from '../../../internal/Logo'
import { useT } from '../../../internal/useT'
import type { ColorMode } from '../../../provider/UiProvider'
import { UserMenu, type UserMenuProps } from './UserMenu'

export interface TopBarProps extends UserMenuProps {
  onOpenMenu: () => void
  notificationSlot?: ReactNode
  locale: UiLocale
  onLocaleChange: (locale: UiLocale) => void
  colorMode: ColorMode
  onColorModeChange: (mode: ColorMode) => void
  /** Shows the search button that opens the command palette. */
  onOpenPalette?: () => void
  /** The palette's shortcut as shown on the button, e.g. "Ctrl+K". */
  paletteShortcut?: string
}

export function TopBar(props: TopBarProps) {
  const { onOpenMenu, notificationSlot, locale, onLocaleChange, colorMode, onColorModeChange, ...rest } = props
  const { onOpenPalette, paletteShortcut, ...user } = rest
  const t = useT()
  const toggleLabel = t(colorMode === 'dark' ? 'shell.toLight' : 'shell.toDark')
  return (
    <Flex
      as="header"
      height="14"
      paddingInline="3"
      gap="2"
      alignItems="center"
      bg="shell.topbar"
      borderBottomWidth="1px"
      position="sticky"
      top="0"
      zIndex="sticky"
    >
      <IconButton
        hideFrom="sm"
        variant="ghost"
        colorPalette="gray"
        aria-label={t('shell.openMenu')}
        onClick={onOpenMenu}
      >
        <LuMenu />
      </IconButton>
      <Box minWidth="0" overflow="hidden">
        <Logo size="md" />
      </Box>
      <Spacer />
      {onOpenPalette && (
        <Button
          variant="outline"
          colorPalette="gray"
          size="sm"
          color="fg.muted"
          aria-keyshortcuts={paletteShortcut?.replace('⌘', 'Meta+')}
          onClick={onOpenPalette}
        >
          <LuSearch aria-hidden />
          {/* The button's name at every width; seen from md up. */}
          <Box as="span" srOnly={{ base: true, md: false }}>
            {t('shell.palette')}
          </Box>
          {paletteShortcut && (
            <Kbd size="sm" colorPalette="gray" hideBelow="md" aria-hidden>
              {paletteShortcut}
            </Kbd>
          )}
        </Button>
      )}
      {notificationSlot}
      {/* On a phone the title keeps the room; the language stays in the profile. */}
      <NativeSelect.Root size="sm" width="auto" flexShrink="0" hideBelow="sm">
        <NativeSelect.Field
          aria-label={t('shell.language')}
          value={locale}
          onChange={(e) => isUiLocale(e.currentTarget.value) && onLocaleChange(e.currentTarget.value)}
        >
          {LOCALES.map((code) => (
            <option key={code} value={code}>
              {LOCALE_NAMES[code]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <IconButton
        variant="ghost"
        colorPalette="gray"
        aria-label={toggleLabel}
        title={toggleLabel}
        onClick={() => onColorModeChange(colorMode === 'dark' ? 'light' : 'dark')}
      >
        {colorMode === 'dark' ? <LuSun /> : <LuMoon />}
      </IconButton>
      <UserMenu {...user} />
    </Flex>
  )
}
