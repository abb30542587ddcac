import { Center, IconButton, Popover, Spinner } from '@chakra-ui/react'
import { lazy, Suspense, useRef, useState } from 'react'
import { LuSmile } from 'react-icons/lu'
import { UiPortal } from '../../../internal/portal'
import { useT } from '../../../internal/useT'

/** The picker and its emoji data: a separate chunk, fetched the first time the picker opens. */
const EmojiPicker = lazy(() => import('./EmojiPicker'))

interface EmojiMenuProps {
  onPick: (emoji: string) => void
  disabled?: boolean
  /** Where focus goes after a pick (the message box); Esc gives it back to the button. */
  pickFocus?: () => HTMLElement | null
}

/** The composer's emoji button; a pick goes in at the caret and closes the picker. */
export function EmojiMenu({ onPick, disabled, pickFocus }: EmojiMenuProps) {
  const t = useT()
  const [open, setOpen] = useState(false)
  const picked = useRef(false)
  return (
    <Popover.Root
      open={open}
      onOpenChange={(e) => {
        if (e.open) picked.current = false
        setOpen(e.open)
      }}
      finalFocusEl={() => (picked.current ? (pickFocus?.() ?? null) : null)}
      positioning={{ placement: 'top-start' }}
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger asChild>
        <IconButton size="sm" variant="ghost" colorPalette="gray" aria-label={t('input.emoji')} disabled={disabled}>
          <LuSmile />
        </IconButton>
      </Popover.Trigger>
      <UiPortal>
        <Popover.Positioner>
          <Popover.Content width="auto" aria-label={t('input.emoji')}>
            <Popover.Body padding="2">
              <Suspense
                fallback={
                  <Center height="22rem" width="19.5rem">
                    <Spinner size="sm" color="fg.muted" aria-label={t('emoji.loading')} />
                  </Center>
                }
              >
                <EmojiPicker
                  onPick={(emoji) => {
                    picked.current = true
                    setOpen(false)
                    onPick(emoji)
                  }}
                />
              </Suspense>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </UiPortal>
    </Popover.Root>
  )
}
