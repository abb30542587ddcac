import { Box, chakra } from '@chakra-ui/react'
import type { ComponentPropsWithRef, ReactNode } from 'react'

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
    '&[aria-disabled=true]': { opacity: 0.5, cursor: 'not-allowed' },
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing' },
  },
})

interface SwitchButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'onChange' | 'children'> {
  label: ReactNode
  checked: boolean
  onChange?: (checked: boolean) => void
  disabled?: boolean
  /**
   * Cannot be switched, but stays focusable (`aria-disabled`) so a tooltip can say why on hover and on focus.
   */
  unavailable?: boolean
}

/** A small on/off switch (role="switch") with its label beside it; other props (a tooltip trigger's) go to the button. */
export function SwitchButton({ label, checked, onChange, disabled, unavailable, onClick, ...rest }: SwitchButtonProps) {
  return (
    <Switch
      {...rest}
      type="button"
      role="switch"
      aria-checked={checked}
      aria-disabled={unavailable || undefined}
      disabled={disabled}
      onClick={(event) => {
        onClick?.(event)
        if (!unavailable) onChange?.(!checked)
      }}
    >
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
