import { Button, Input } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { AuthCard } from '../../internal/AuthCard'
import { FormField } from '../../internal/FormField'
import { emailField, nameField, passwordField } from '../../internal/schemas'
import { useServerFieldErrors } from '../../internal/useServerFieldErrors'
import { useT } from '../../internal/useT'
import { ErrorMessage } from '../error-message/ErrorMessage'
import type { UiError, UiFieldError } from '../error-message/useErrorText'

const signupSchema = z.object({ name: nameField(), email: emailField(), password: passwordField() })
export type SignupFormValues = z.infer<typeof signupSchema>

export interface SignupFormProps {
  onSubmit: (values: SignupFormValues) => void
  isSubmitting?: boolean
  /** The last failure, e.g. `{ code: 'ERR_USER_CREATION_DISABLED' }`. */
  error?: UiError | null
  /** Server validation errors, shown on their fields. */
  fieldErrors?: UiFieldError[]
  /** Where the "Log in" link points. */
  loginHref?: string
  onNavigate?: (href: string) => void
  defaultValues?: Partial<SignupFormValues>
}

export function SignupForm(props: SignupFormProps) {
  const { onSubmit, isSubmitting, error, fieldErrors, loginHref = '/login', onNavigate, defaultValues } = props
  const t = useT()
  const form = useForm<SignupFormValues>({
    resolver: zodResolver(signupSchema),
    defaultValues: { name: '', email: '', password: '', ...defaultValues },
  })
  // A failure the server pinned on a field shows there only.
  const onField = useServerFieldErrors(form.setError, fieldErrors, ['name', 'email', 'password'])
  const { errors } = form.formState
  return (
    <AuthCard
      title={t('auth.signup.title')}
      subtitle={t('auth.signup.subtitle')}
      onSubmit={form.handleSubmit(onSubmit)}
      linkText={t('auth.signup.toLogin')}
      linkHref={loginHref}
      onNavigate={onNavigate}
    >
      <ErrorMessage error={onField ? null : error} />
      <FormField label={t('auth.name')} error={errors.name?.message} required>
        <Input autoComplete="name" autoFocus {...form.register('name')} />
      </FormField>
      <FormField label={t('auth.email')} error={errors.email?.message} required>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField label={t('auth.password')} error={errors.password?.message} required>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <Button type="submit" width="full" loading={isSubmitting} loadingText={t('auth.signup.submit')}>
        {t('auth.signup.submit')}
      </Button>
    </AuthCard>
  )
}
