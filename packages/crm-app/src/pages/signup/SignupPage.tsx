import { useSession } from '@desk/api-client/hooks'
import { SignupForm, type SignupFormValues, type UiFieldError, useNotify } from '@desk/ui'
import { useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { asUiError, fieldErrorsOf } from '../../lib/errors'
import { AuthLayout } from '../../shell/AuthLayout'

/** /signup. A new account does not sign in: the success toast shows and the visitor goes to /login. */
export function SignupPage() {
  const { signup } = useSession()
  const notify = useNotify()
  const navigate = useNavigate()
  const location = useLocation()
  const [isSubmitting, setSubmitting] = useState(false)
  const [fieldErrors, setFieldErrors] = useState<UiFieldError[]>([])

  const onSubmit = async (values: SignupFormValues) => {
    setSubmitting(true)
    setFieldErrors([])
    try {
      await signup(values)
      notify.success('toasts.signupSuccess')
      navigate('/login', { state: location.state })
    } catch (error) {
      setFieldErrors(fieldErrorsOf(error))
      notify.error(asUiError(error))
      setSubmitting(false)
    }
  }

  return (
    <AuthLayout>
      <SignupForm
        onSubmit={onSubmit}
        isSubmitting={isSubmitting}
        fieldErrors={fieldErrors}
        onNavigate={(href) => navigate(href, { state: location.state })}
      />
    </AuthLayout>
  )
}

export default SignupPage
