import { Box, Dialog, Grid, Heading, HStack, Kbd, Stack, Text } from '@chakra-ui/react'
import { Fragment } from 'react'
import type { MessageId } from '../../i18n'
import { DialogCloseButton } from '../../internal/DialogCloseButton'
import { UiPortal } from '../../internal/portal'
import { useT } from '../../internal/useT'

export interface ShortcutsDialogProps {
  open: boolean
  onClose: () => void
  /** The key shown for the command modifier: "Ctrl" (default), or "⌘" on a Mac. */
  modKey?: string
}

/** A shortcut: key combinations (each a list of keys pressed together), any of which does the thing. */
interface Shortcut {
  combos: string[][]
  does: MessageId
}

const sections = (mod: string): { title: MessageId; shortcuts: Shortcut[] }[] => [
  {
    title: 'shortcuts.everywhere',
    shortcuts: [
      { combos: [[mod, 'K']], does: 'shortcuts.palette' },
      { combos: [['?']], does: 'shortcuts.help' },
    ],
  },
  {
    title: 'shortcuts.ticketList',
    shortcuts: [
      { combos: [['↑'], ['↓']], does: 'shortcuts.move' },
      { combos: [['Home'], ['End']], does: 'shortcuts.ends' },
      { combos: [['Enter']], does: 'shortcuts.open' },
    ],
  },
  {
    title: 'shortcuts.conversation',
    shortcuts: [
      { combos: [['Esc']], does: 'shortcuts.escape' },
      { combos: [['/']], does: 'shortcuts.quickAnswers' },
      { combos: [['Enter']], does: 'shortcuts.send' },
      { combos: [['Shift', 'Enter']], does: 'shortcuts.newLine' },
    ],
  },
]

/** Every keyboard shortcut of the desk, grouped by where it works. */
export function ShortcutsDialog({ open, onClose, modKey = 'Ctrl' }: ShortcutsDialogProps) {
  const t = useT()
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center" size="md">
      <UiPortal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('shortcuts.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="5">
                {sections(modKey).map((section) => (
                  <Box as="section" key={section.title}>
                    <Heading as="h3" textStyle="sm" color="fg.muted" marginBottom="2">
                      {t(section.title)}
                    </Heading>
                    <Grid as="dl" templateColumns="9rem 1fr" columnGap="4" rowGap="2" alignItems="center">
                      {section.shortcuts.map((shortcut) => (
                        <Fragment key={shortcut.does}>
                          <HStack as="dt" gap="1.5" textStyle="sm">
                            {shortcut.combos.map((combo, i) => (
                              <Fragment key={combo.join('+')}>
                                {i > 0 && <Text color="fg.muted">{t('shortcuts.or')}</Text>}
                                <Combo keys={combo} />
                              </Fragment>
                            ))}
                          </HStack>
                          <Text as="dd" textStyle="sm">
                            {t(shortcut.does)}
                          </Text>
                        </Fragment>
                      ))}
                    </Grid>
                  </Box>
                ))}
              </Stack>
            </Dialog.Body>
            <DialogCloseButton />
          </Dialog.Content>
        </Dialog.Positioner>
      </UiPortal>
    </Dialog.Root>
  )
}

function Combo({ keys }: { keys: string[] }) {
  return (
    <HStack gap="1">
      {keys.map((key, i) => (
        <Fragment key={key}>
          {i > 0 && <Text aria-hidden>+</Text>}
          <Kbd colorPalette="gray">{key}</Kbd>
        </Fragment>
      ))}
    </HStack>
  )
}
