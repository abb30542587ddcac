import { defineRecipe } from '@chakra-ui/react'

/** A navigation entry of the side drawer; `aria-current="page"` marks the active one. */
export const navItemRecipe = defineRecipe({
  className: 'desk-nav-item',
  base: {
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    width: 'full',
    paddingInline: '3',
    paddingBlock: '2',
    borderRadius: 'l2',
    color: 'fg.muted',
    fontWeight: 'medium',
    textStyle: 'sm',
    textDecoration: 'none',
    transitionProperty: 'common',
    transitionDuration: 'fast',
    _hover: { bg: 'bg.muted', color: 'fg' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '-2px' },
    _currentPage: { bg: 'brand.muted', color: 'brand.fg', _hover: { bg: 'brand.emphasized' } },
  },
})
