import { Toaster as ChakraToaster, Stack, Toast } from '@chakra-ui/react'
import { toastSlotRecipe } from '@chakra-ui/react/theme'
import { useT } from '../../internal/useT'
import { registerRecipes } from '../../theme/registry'
import { system } from '../../theme/system'
import { toaster } from './toaster'

// The toasts bring their recipe with them: they load on a page's first interaction, signed in or not.
registerRecipes({ slotRecipes: { toast: toastSlotRecipe } }, system)

export interface ToasterProps {
  /** Distance from the viewport edge on small screens. */
  insetInline?: string
}

/** Renders the toasts of `toaster`. UiProvider mounts one; apps don't need another. */
export function Toaster({ insetInline = '4' }: ToasterProps) {
  const t = useT()
  return (
    <ChakraToaster toaster={toaster} insetInline={{ mdDown: insetInline }}>
      {(toast) => (
        <Toast.Root width={{ md: 'sm' }} data-testid={`toast-${toast.id}`}>
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
