/**
 * Sign-in, the token refresh, sign-out and sign-up.
 * Method and path of each route, free of zod: the schemas are in `../auth.ts`.
 */
import { del, get, post } from './verbs'

export const authPaths = {
  login: post('/auth/login'),
  refreshToken: post('/auth/refresh_token'),
  logout: del('/auth/logout'),
  signup: post('/auth/signup'),
  signupStatus: get('/auth/signup'),
} as const
