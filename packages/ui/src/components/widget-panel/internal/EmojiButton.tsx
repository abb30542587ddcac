import { Box, Center, IconButton, Spinner } from '@chakra-ui/react'
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { LuSmile } from 'react-icons/lu'
import { useT } from '../../../internal/useT'

/** The picker and its emoji data (the same as the desk's message box): fetched the first time it opens. */
const EmojiPicker = lazy(() => import('../../message-input/internal/EmojiPicker'))

interface EmojiButtonProps {
  onPick: (emoji: string) => void
  disabled?: boolean
  /** Where the focus goes after a pick (the message box); Esc gives it back to the button. */
  pickFocus: () => HTMLElement | null
}

/**
 * The composer's emoji button and its picker, opened above the composer inside the panel. Not a popover:
 * the frame then ships no positioning or dismissal machinery, and the picker stays inside the focus trap.
 * A pick, Esc, the button again or a click elsewhere closes it.
 */
export function EmojiButton({ onPick, disabled, pickFocus }: EmojiButtonProps) {
  const t = useT()
  const id = useId()
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!open) return
    const onPointerDown = (e: PointerEvent) => {
      const target = e.target as Node
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])
  return (
    <>
      <IconButton
        ref={button}
        size="sm"
        variant="ghost"
        colorPalette="gray"
        aria-label={t('input.emoji')}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        disabled={disabled}
        onClick={() => setOpen((current) => !current)}
      >
        <LuSmile />
      </IconButton>
      {open && (
        <Box
          ref={panel}
          id={id}
          role="dialog"
          aria-label={t('input.emoji')}
          position="absolute"
          insetInlineEnd="0"
          bottom="100%"
          marginBottom="1"
          zIndex="dropdown"
          padding="2"
          bg="bg.panel"
          borderWidth="1px"
          borderRadius="l2"
          boxShadow="lg"
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return
            // The panel's Esc is not the panel's close.
            e.preventDefault()
            setOpen(false)
            button.current?.focus()
          }}
        >
          <Suspense
            fallback={
              <Center height="22rem" width="19.5rem">
                <Spinner size="sm" color="fg.muted" aria-label={t('emoji.loading')} />
              </Center>
            }
          >
            <EmojiPicker
              onPick={(emoji) => {
                setOpen(false)
                onPick(emoji)
                pickFocus()?.focus()
              }}
            />
          </Suspense>
        </Box>
      )}
    </>
  )
}
