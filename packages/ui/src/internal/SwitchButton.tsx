import { Box, chakra } from '@chakra-ui/react'
import type { ReactNode } from 'react'

const Switch = chakra('button', {
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '2',
    textStyle: 'sm',
    color: 'fg.muted',
    borderRadius: 'l2',
    paddingInline: '1',
    cursor: 'pointer',
    _disabled: { opacity: 0.5, cursor: 'not-allowed' },
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing' },
  },
})

interface SwitchButtonProps {
  label: ReactNode
  checked: boolean
  onChange?: (checked: boolean) => void
  disabled?: boolean
}

/** A small on/off switch (role="switch") with its label beside it. */
export function SwitchButton({ label, checked, onChange, disabled }: SwitchButtonProps) {
  return (
    <Switch type="button" role="switch" aria-checked={checked} disabled={disabled} onClick={() => onChange?.(!checked)}>
      <Box
        as="span"
        aria-hidden
        position="relative"
        flexShrink="0"
        width="7"
        height="4"
        borderRadius="full"
        bg={checked ? 'colorPalette.solid' : 'bg.emphasized'}
        borderWidth="1px"
        borderColor={checked ? 'colorPalette.solid' : 'border.emphasized'}
      >
        <Box
          as="span"
          position="absolute"
          top="50%"
          insetInlineStart={checked ? '3.5' : '0.5'}
          transform="translateY(-50%)"
          boxSize="2.5"
          borderRadius="full"
          bg={checked ? 'colorPalette.contrast' : 'fg.muted'}
        />
      </Box>
      {label}
    </Switch>
  )
}
