import { useSession } from '@desk/api-client/hooks'
import { SignupForm, type SignupFormValues, useNotify } from '@desk/ui'
import { useState } from 'react'
import { useFormErrors } from '../../lib/useFormErrors'
import { useNavigate, usePlace } from '../../routes/navigation'
import { AuthLayout } from '../../shell/AuthLayout'

/** /signup. A new account does not sign in: the success toast shows and the visitor goes to /login. */
export function SignupPage() {
  const { signup } = useSession()
  const notify = useNotify()
  const navigate = useNavigate()
  const location = usePlace()
  const [isSubmitting, setSubmitting] = useState(false)
  const formErrors = useFormErrors()

  const onSubmit = async (values: SignupFormValues) => {
    setSubmitting(true)
    formErrors.clear()
    try {
      await signup(values)
      notify.success('toasts.signupSuccess')
      navigate('/login', { state: location.state })
    } catch (error) {
      formErrors.fail(error)
      setSubmitting(false)
    }
  }

  return (
    <AuthLayout>
      <SignupForm
        onSubmit={onSubmit}
        isSubmitting={isSubmitting}
        error={formErrors.error}
        fieldErrors={formErrors.fieldErrors}
        onNavigate={(href) => navigate(href, { state: location.state })}
      />
    </AuthLayout>
  )
}

export default SignupPage
