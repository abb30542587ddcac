import { chakra } from '@chakra-ui/react'

/** The composer's text box: grows with its text (see `useAutoResize`), themed focus ring. */
export const ComposerTextarea = chakra('textarea', {
  base: {
    flex: '1',
    minWidth: '0',
    resize: 'none',
    textStyle: 'sm',
    lineHeight: '1.5',
    paddingInline: '3',
    paddingBlock: '1.5',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'l2',
    bg: 'bg',
    color: 'fg',
    _placeholder: { color: 'fg.muted' },
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '-1px' },
    _disabled: { opacity: 0.6, cursor: 'not-allowed' },
  },
})
