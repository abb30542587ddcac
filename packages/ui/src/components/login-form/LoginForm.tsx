import { Button, Input } from '@chakra-ui/react'
import { useForm } from 'react-hook-form'
import { AuthCard } from '../../internal/AuthCard'
import { FormField } from '../../internal/FormField'
import { useServerFieldErrors } from '../../internal/useServerFieldErrors'
import { useT } from '../../internal/useT'
import { ErrorMessage } from '../error-message/ErrorMessage'
import type { UiError, UiFieldError } from '../error-message/useErrorText'

export interface LoginFormValues {
  email: string
  password: string
}

/**
 * Login asks for nothing more than both fields (seed §5), so the form's own rules do it without a schema
 * library on the login page. The e-mail is trimmed; the password is taken as typed.
 */
const REQUIRED = 'validation.required'
const emailRules = { required: REQUIRED, setValueAs: (value: string) => value.trim() }
const passwordRules = { required: REQUIRED }

export interface LoginFormProps {
  onSubmit: (values: LoginFormValues) => void
  isSubmitting?: boolean
  /** The last failure, e.g. `{ code: 'ERR_INVALID_CREDENTIALS' }`. */
  error?: UiError | null
  /** Server validation errors, shown on their fields. */
  fieldErrors?: UiFieldError[]
  /** Where the "Sign up" link points. */
  signupHref?: string
  onNavigate?: (href: string) => void
  defaultValues?: Partial<LoginFormValues>
}

export function LoginForm(props: LoginFormProps) {
  const { onSubmit, isSubmitting, error, fieldErrors, signupHref = '/signup', onNavigate, defaultValues } = props
  const t = useT()
  const form = useForm<LoginFormValues>({
    defaultValues: { email: '', password: '', ...defaultValues },
  })
  // A failure the server pinned on a field shows there only.
  const onField = useServerFieldErrors(form.setError, fieldErrors, ['email', 'password'])
  const { errors } = form.formState
  return (
    <AuthCard
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      onSubmit={form.handleSubmit(onSubmit)}
      linkText={t('auth.login.toSignup')}
      linkHref={signupHref}
      onNavigate={onNavigate}
    >
      <ErrorMessage error={onField ? null : error} />
      <FormField label={t('auth.email')} error={errors.email?.message} required>
        <Input type="email" autoComplete="email" autoFocus {...form.register('email', emailRules)} />
      </FormField>
      <FormField label={t('auth.password')} error={errors.password?.message} required>
        <Input type="password" autoComplete="current-password" {...form.register('password', passwordRules)} />
      </FormField>
      <Button type="submit" width="full" loading={isSubmitting} loadingText={t('auth.login.submit')}>
        {t('auth.login.submit')}
      </Button>
    </AuthCard>
  )
}
