import { NativeSelect } from '@chakra-ui/react'
import type { UseFormRegister } from 'react-hook-form'
import { LOCALE_NAMES, LOCALES } from '../../../i18n'
import { FormField } from '../../../internal/FormField'
import { useT } from '../../../internal/useT'
import type { UserFormValues } from './userForm'

/** The user's own interface language, each option in its own language. */
export function LanguageField({ register, error }: { register: UseFormRegister<UserFormValues>; error?: string }) {
  const t = useT()
  return (
    <FormField label={t('userModal.language')} error={error}>
      <NativeSelect.Root>
        <NativeSelect.Field {...register('language')}>
          {LOCALES.map((code) => (
            <option key={code} value={code} lang={code}>
              {LOCALE_NAMES[code]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  )
}
