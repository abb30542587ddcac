import { Box, chakra, HStack } from '@chakra-ui/react'
import { LuX } from 'react-icons/lu'
import { useT } from '../../internal/useT'
import { chipColors } from './contrast'

export interface TagChipTag {
  id?: number
  tag: string
  color: string
}

export interface TagChipProps {
  tag: TagChipTag
  size?: 'sm' | 'md'
  /** Shows a remove button named "Remove {name}". */
  onRemove?: (tag: TagChipTag) => void
  disabled?: boolean
}

/** A tag in its own colour, the text black or white for contrast; optionally removable. */
export function TagChip({ tag, size = 'sm', onRemove, disabled }: TagChipProps) {
  const t = useT()
  const { text: color, background } = chipColors(tag.color)
  return (
    <HStack
      as="span"
      gap="1"
      flexShrink="0"
      maxWidth="40"
      borderRadius="full"
      paddingInlineStart={size === 'sm' ? '2' : '2.5'}
      paddingInlineEnd={onRemove ? '0.5' : size === 'sm' ? '2' : '2.5'}
      height={size === 'sm' ? '5' : '6'}
      textStyle="xs"
      fontWeight="medium"
      color={color}
      // A hairline keeps a chip the colour of the page (white on light, black on dark) visible.
      boxShadow="inset 0 0 0 1px {colors.border.emphasized}"
      style={{ background }}
    >
      <Box as="span" truncate>
        {tag.tag}
      </Box>
      {onRemove && (
        <chakra.button
          type="button"
          display="inline-flex"
          alignItems="center"
          justifyContent="center"
          boxSize="4"
          borderRadius="full"
          color="inherit"
          cursor="pointer"
          disabled={disabled}
          _hover={{ bg: color === 'black' ? 'blackAlpha.200' : 'whiteAlpha.300' }}
          _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '1px' }}
          _disabled={{ opacity: 0.5, cursor: 'not-allowed' }}
          aria-label={t('tagChip.remove', { name: tag.tag })}
          onClick={() => onRemove(tag)}
        >
          <LuX aria-hidden />
        </chakra.button>
      )}
    </HStack>
  )
}
