import { IconButton } from '@chakra-ui/react'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { LuSmile } from 'react-icons/lu'
import { later } from '../../../internal/later'
import { useT } from '../../../internal/useT'

/** The open picker: loaded once the composer is drawn, its emoji data when it first opens. */
const EmojiPopup = later(() => import('./EmojiPopup').then((m) => m.EmojiPopup))

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
  const close = useCallback(() => setOpen(false), [])
  useEffect(() => EmojiPopup.preload(), [])
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
        <EmojiPopup
          id={id}
          button={button}
          onClose={close}
          onPick={(emoji) => {
            setOpen(false)
            onPick(emoji)
            pickFocus()?.focus()
          }}
        />
      )}
    </>
  )
}
