import { Box, Center, Spinner } from '@chakra-ui/react'
import { lazy, type RefObject, Suspense, useEffect, useRef } from 'react'
import { useT } from '../../../internal/useT'

/** The picker and its emoji data (the same as the desk's message box): fetched the first time it opens. */
const EmojiPicker = lazy(() => import('../../message-input/internal/EmojiPicker'))

export interface EmojiPopupProps {
  id: string
  /** The button that opened it: a click on it is not a click elsewhere, Esc gives it the focus back. */
  button: RefObject<HTMLButtonElement | null>
  onPick: (emoji: string) => void
  onClose: () => void
}

/** The open picker above the composer: a pick, Esc or a click elsewhere closes it. */
export function EmojiPopup({ id, button, onPick, onClose }: EmojiPopupProps) {
  const t = useT()
  const panel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const onPointerDown = (e: PointerEvent) => {
      const target = e.target as Node
      if (!panel.current?.contains(target) && !button.current?.contains(target)) onClose()
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [button, onClose])
  return (
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
        onClose()
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
        <EmojiPicker onPick={onPick} />
      </Suspense>
    </Box>
  )
}
