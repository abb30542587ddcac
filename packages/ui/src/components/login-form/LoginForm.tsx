import { Button, Input } from '@chakra-ui/react'
import { AuthCard } from '../../internal/AuthCard'
import { FormField } from '../../internal/FormField'
import { useServerFieldErrors } from '../../internal/useServerFieldErrors'
import { useT } from '../../internal/useT'
import { ErrorMessage } from '../error-message/ErrorMessage'
import type { UiError, UiFieldError } from '../error-message/useErrorText'
import { type LoginFormValues, useLoginFields } from './internal/useLoginFields'

export type { LoginFormValues }

export interface LoginFormProps {
  onSubmit: (values: LoginFormValues) => void
  isSubmitting?: boolean
  /** The last failure, e.g. `{ code: 'ERR_INVALID_CREDENTIALS' }`. */
  error?: UiError | null
  /** Server validation errors, shown on their fields. */
  fieldErrors?: UiFieldError[]
  /** Where the "Sign up" link points; null when sign-up is closed (or not known yet): no link then. */
  signupHref?: string | null
  onNavigate?: (href: string) => void
  defaultValues?: Partial<LoginFormValues>
}

/**
 * Login asks for nothing more than both fields (seed §5), so a small hook of its own checks them: neither
 * a schema nor a form library is loaded to show the login page.
 */
export function LoginForm(props: LoginFormProps) {
  const { onSubmit, isSubmitting, error, fieldErrors, signupHref = '/signup', onNavigate, defaultValues } = props
  const t = useT()
  const form = useLoginFields(onSubmit)
  // A failure the server pinned on a field shows there only.
  const onField = useServerFieldErrors(form.setError, fieldErrors, ['email', 'password'])
  const { errors } = form
  return (
    <AuthCard
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      onSubmit={form.handleSubmit}
      linkText={t('auth.login.toSignup')}
      linkHref={signupHref ?? undefined}
      onNavigate={onNavigate}
    >
      <ErrorMessage error={onField ? null : error} />
      <FormField label={t('auth.email')} error={errors.email} required>
        <Input
          type="email"
          autoComplete="email"
          autoFocus
          defaultValue={defaultValues?.email}
          {...form.register('email')}
        />
      </FormField>
      <FormField label={t('auth.password')} error={errors.password} required>
        <Input
          type="password"
          autoComplete="current-password"
          defaultValue={defaultValues?.password}
          {...form.register('password')}
        />
      </FormField>
      <Button type="submit" width="full" loading={isSubmitting} loadingText={t('auth.login.submit')}>
        {t('auth.login.submit')}
      </Button>
    </AuthCard>
  )
}
