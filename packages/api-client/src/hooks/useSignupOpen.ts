import { useEffect, useState } from 'react'
import { useApiClient } from './context'

/**
 * Whether sign-up takes a new account now (`GET /auth/signup`, no session needed): undefined until known, false
 * when the question failed, so a page offers sign-up only when the server says so. Asked once per mount, without
 * SWR: the public pages carry none.
 */
export function useSignupOpen(): boolean | undefined {
  const client = useApiClient()
  const [open, setOpen] = useState<boolean>()
  useEffect(() => {
    let current = true
    client.auth.signupOpen().then(
      (value) => current && setOpen(value),
      () => current && setOpen(false),
    )
    return () => {
      current = false
    }
  }, [client])
  return open
}
