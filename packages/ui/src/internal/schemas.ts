import { z } from 'zod'

/**
 * The seed's form rules (§5) with the contract's message codes, so the client and the server
 * say the same thing about the same mistake.
 */
export const V = {
  required: 'validation.required',
  tooShort: 'validation.tooShort',
  tooLong: 'validation.tooLong',
  invalidEmail: 'validation.invalidEmail',
} as const

export const nameField = () =>
  z.string().trim().min(1, { error: V.required }).min(2, { error: V.tooShort }).max(50, { error: V.tooLong })

export const emailField = () =>
  z
    .string()
    .trim()
    .min(1, { error: V.required })
    .max(254, { error: V.tooLong })
    .pipe(z.email({ error: V.invalidEmail }))

/** 5 to 50; an empty value reads "Too Short!" as the seed's forms do. */
export const passwordField = () => z.string().min(5, { error: V.tooShort }).max(50, { error: V.tooLong })

export const requiredField = () => z.string().trim().min(1, { error: V.required })
