import { Button, Input } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { AuthCard } from '../../internal/AuthCard'
import { FormField } from '../../internal/FormField'
import { requiredField } from '../../internal/schemas'
import { useServerFieldErrors } from '../../internal/useServerFieldErrors'
import { useT } from '../../internal/useT'
import { ErrorMessage } from '../error-message/ErrorMessage'
import type { UiError, UiFieldError } from '../error-message/useErrorText'

/** Login asks for nothing more than both fields (seed §5). The e-mail is trimmed. */
const loginSchema = z.object({ email: requiredField(), password: z.string().min(1, { error: 'validation.required' }) })
export type LoginFormValues = z.infer<typeof loginSchema>

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
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '', ...defaultValues },
  })
  useServerFieldErrors(form.setError, fieldErrors, ['email', 'password'])
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
      <ErrorMessage error={error} />
      <FormField label={t('auth.email')} error={errors.email?.message} required>
        <Input type="email" autoComplete="email" autoFocus {...form.register('email')} />
      </FormField>
      <FormField label={t('auth.password')} error={errors.password?.message} required>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <Button type="submit" width="full" loading={isSubmitting} loadingText={t('auth.login.submit')}>
        {t('auth.login.submit')}
      </Button>
    </AuthCard>
  )
}
