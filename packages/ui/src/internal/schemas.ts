import { boundedString, email, password, safeText, VALIDATION_MESSAGES } from '@desk/api-client/contract'
import type { z } from 'zod'

/**
 * The forms' rules come from the contract (`@desk/api-client/contract`), with its message codes,
 * so the client and the server say the same thing about the same mistake.
 */
export const V = VALIDATION_MESSAGES

export const nameField = () => boundedString(2, 50)

export const emailField = email

/** 5 to 50; an empty value reads "Too Short!" as the seed's forms do. */
export const passwordField = password

/** Some text, trimmed. */
export const requiredField = () => safeText().trim().min(1, { error: V.required })

/** A rule of the contract with "Required" first for an empty value (the contract may call it too short). */
export const required = <T extends z.ZodType<unknown, string>>(rule: T, message: string = V.required) =>
  safeText().trim().min(1, { error: message }).pipe(rule)

/** Free text up to `max` characters (the empty text included). */
export const optionalField = (max: number) => safeText().max(max, { error: V.tooLong })
