import { Box, chakra, Fieldset, Grid, useChakraContext } from '@chakra-ui/react'
import { useMemo } from 'react'
import { LuCheck } from 'react-icons/lu'
import { useT, useTranslateCode } from '../useT'
import { isLightShade, PALETTE } from './palette'

interface ColorPaletteProps {
  name: string
  /** The chosen colour as a hex value; one outside the palette is shown first as the current colour. */
  value: string
  onChange: (hex: string) => void
  legend: string
  /** A message code (translated) or text. */
  error?: string
  required?: boolean
}

interface Swatch {
  hex: string
  label: string
  light: boolean
}

/**
 * Fifty swatches as a group of radio buttons: Tab enters the group at the chosen colour,
 * the arrow keys move and choose, and each swatch is announced by its colour name.
 */
export function ColorPalette({ name, value, onChange, legend, error, required }: ColorPaletteProps) {
  const t = useT()
  const translate = useTranslateCode()
  const { token } = useChakraContext()
  const palette = useMemo<Swatch[]>(
    () =>
      PALETTE.map((color) => ({
        hex: String(token(`colors.${color.token}`)),
        label: `${t(`colorName.${color.hue}`)} ${color.shade}`,
        light: isLightShade(color.shade),
      })),
    [token, t],
  )
  const chosen = value.toLowerCase()
  // A colour from before the palette gets a row of its own, so the ten hues stay in their columns;
  // no colour yet (a new queue, tag or lane) is no such colour, and the grid starts at the first hue.
  const outside = Boolean(value) && !palette.some((swatch) => swatch.hex.toLowerCase() === chosen)
  const swatches = outside ? [{ hex: value, label: t('queueModal.currentColor'), light: false }, ...palette] : palette
  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend textStyle="sm" fontWeight="medium">
        {legend}
        {required && (
          <chakra.span aria-hidden color="fg.error" marginInlineStart="1">
            *
          </chakra.span>
        )}
      </Fieldset.Legend>
      <Grid templateColumns="repeat(10, minmax(0, 1.75rem))" gap="1.5">
        {swatches.map((swatch) => {
          const checked = swatch.hex.toLowerCase() === chosen
          return (
            <chakra.label
              key={swatch.hex}
              position="relative"
              display="flex"
              cursor="pointer"
              gridColumn={outside && swatch === swatches[0] ? '1 / -1' : undefined}
            >
              <chakra.input
                type="radio"
                name={name}
                value={swatch.hex}
                checked={checked}
                onChange={() => onChange(swatch.hex)}
                aria-label={swatch.label}
                className="peer"
                srOnly
              />
              <Box
                aria-hidden
                boxSize="7"
                borderRadius="l2"
                bg={swatch.hex}
                display="flex"
                alignItems="center"
                justifyContent="center"
                color={swatch.light ? 'gray.900' : 'white'}
                outlineOffset="2px"
                outline={checked ? '2px solid' : undefined}
                outlineColor="fg"
                _hover={{ transform: 'scale(1.1)' }}
                _peerFocusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
              >
                {checked && <LuCheck />}
              </Box>
            </chakra.label>
          )
        })}
      </Grid>
      {error && <Fieldset.ErrorText>{translate(error)}</Fieldset.ErrorText>}
    </Fieldset.Root>
  )
}
