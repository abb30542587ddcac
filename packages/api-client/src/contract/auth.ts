import { z } from 'zod'
import { User } from './entities'
import { authPaths } from './paths/auth'
import { defineRoutes, noContent } from './route'
import { safeText } from './text'
import { boundedString, email, password, requiredString } from './validation'

/** Login: e-mail and password required, nothing more (seed 000 §5). */
export const LoginRequest = z.object({
  email: requiredString(254),
  password: requiredString(200),
})
export type LoginRequest = z.infer<typeof LoginRequest>

/**
 * Signup: name 2–50, valid e-mail, password 5–50. The seed shows the password as
 * optional on the signup form; an account nobody can log into helps no one, so
 * it is required here. The client cannot choose its profile.
 */
export const SignupRequest = z.object({
  name: boundedString(2, 50),
  email: email(),
  password: password(),
})
export type SignupRequest = z.infer<typeof SignupRequest>

/** Login and refresh both answer with a short-lived access token and the user. */
export const AuthResponse = z.object({ token: safeText(), user: User })
export type AuthResponse = z.infer<typeof AuthResponse>
export const LoginResponse = AuthResponse
export const RefreshResponse = AuthResponse
export const SignupResponse = User
export type SignupResponse = z.infer<typeof SignupResponse>

/** Whether `POST /auth/signup` would take a new account now, so the login page offers sign-up only then. */
export const SignupStatusResponse = z.object({ open: z.boolean() })
export type SignupStatusResponse = z.infer<typeof SignupStatusResponse>

/** The routes of sign-in, the token refresh, sign-out and sign-up, on the methods and paths of `./paths/auth`. */
export const authRoutes = /* @__PURE__ */ defineRoutes(authPaths, () => ({
  login: { body: LoginRequest, response: LoginResponse },
  refreshToken: { response: RefreshResponse },
  logout: noContent,
  signup: { body: SignupRequest, response: SignupResponse },
  signupStatus: { response: SignupStatusResponse },
}))
