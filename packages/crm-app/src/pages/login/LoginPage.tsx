import { useSession } from '@desk/api-client/hooks'
import { LoginForm, type LoginFormValues, type UiFieldError, useNotify } from '@desk/ui'
import { useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { asUiError, fieldErrorsOf } from '../../lib/errors'
import { AuthLayout } from '../../shell/AuthLayout'

/** /login. On success the public-route guard sends the visitor on to the remembered page or /. */
export function LoginPage() {
  const { login } = useSession()
  const notify = useNotify()
  const navigate = useNavigate()
  const location = useLocation()
  const [isSubmitting, setSubmitting] = useState(false)
  const [fieldErrors, setFieldErrors] = useState<UiFieldError[]>([])

  const onSubmit = async (values: LoginFormValues) => {
    setSubmitting(true)
    setFieldErrors([])
    try {
      await login(values)
      notify.success('toasts.loginSuccess')
    } catch (error) {
      setFieldErrors(fieldErrorsOf(error))
      notify.error(asUiError(error))
      setSubmitting(false)
    }
  }

  return (
    <AuthLayout>
      <LoginForm
        onSubmit={onSubmit}
        isSubmitting={isSubmitting}
        fieldErrors={fieldErrors}
        onNavigate={(href) => navigate(href, { state: location.state })}
      />
    </AuthLayout>
  )
}

export default LoginPage
