import { Toaster as ChakraToaster, Stack, Toast } from '@chakra-ui/react'
import { toastSlotRecipe } from '@chakra-ui/react/theme'
import { useT } from '../../internal/useT'
import { registerRecipes } from '../../theme/registry'
import { system } from '../../theme/system'
import { toaster } from './toaster'

// The toasts bring their recipe with them: they load on a page's first interaction, signed in or not.
registerRecipes({ slotRecipes: { toast: toastSlotRecipe } }, system)

/**
 * Renders the toasts of `toaster` over the top bar (see `TOAST_OFFSETS`). A one-line toast fits inside
 * the bar's height. UiProvider mounts one; apps don't need another.
 */
export function Toaster() {
  const t = useT()
  return (
    <ChakraToaster
      toaster={toaster}
      css={{ '--toast-inset-start': { base: '4rem', sm: 'calc({sizes.drawer} + 1rem)' } }}
    >
      {(toast) => (
        <Toast.Root
          width="calc(100vw - var(--toast-inset-start) - 0.75rem)"
          maxWidth="sm"
          paddingBlock="3"
          data-testid={`toast-${toast.id}`}
        >
          <Toast.Indicator />
          <Stack gap="1" flex="1" maxWidth="100%">
            {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
            {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
          </Stack>
          <Toast.CloseTrigger aria-label={t('toast.close')} />
        </Toast.Root>
      )}
    </ChakraToaster>
  )
}
