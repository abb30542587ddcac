import { useSession, useSignupOpen } from '@desk/api-client/hooks'
import { LoginForm, type LoginFormValues, useNotify } from '@desk/ui'
import { useState } from 'react'
import { useFormErrors } from '../../lib/useFormErrors'
import { useNavigate, usePlace } from '../../routes/navigation'
import { AuthLayout } from '../../shell/AuthLayout'

/**
 * /login. On success the public-route guard sends the visitor on to the remembered page or /. "Sign up" shows only
 * while the server takes new accounts.
 */
export function LoginPage() {
  const { login } = useSession()
  const signupOpen = useSignupOpen()
  const notify = useNotify()
  const navigate = useNavigate()
  const location = usePlace()
  const [isSubmitting, setSubmitting] = useState(false)
  const formErrors = useFormErrors()

  const onSubmit = async (values: LoginFormValues) => {
    setSubmitting(true)
    formErrors.clear()
    try {
      await login(values)
      notify.success('toasts.loginSuccess')
    } catch (error) {
      formErrors.fail(error)
      setSubmitting(false)
    }
  }

  return (
    <AuthLayout>
      <LoginForm
        onSubmit={onSubmit}
        isSubmitting={isSubmitting}
        error={formErrors.error}
        fieldErrors={formErrors.fieldErrors}
        signupHref={signupOpen ? '/signup' : null}
        onNavigate={(href) => navigate(href, { state: location.state })}
      />
    </AuthLayout>
  )
}

export default LoginPage
