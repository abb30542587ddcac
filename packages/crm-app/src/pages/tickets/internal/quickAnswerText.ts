import { fillPlaceholders, type PlaceholderSource, placeholderValues } from '@desk/api-client/constants'

export { greetingFor, type PlaceholderSource, placeholderValues } from '@desk/api-client/constants'

/** A quick answer's message with its placeholders filled for this ticket; unknown ones stay as written. */
export const fillQuickAnswer = (message: string, source: PlaceholderSource): string =>
  fillPlaceholders(message, placeholderValues(source))

/** The sign-message prefix: the agent's name in bold and a line break. */
export const signed = (text: string, userName: string | undefined, sign: boolean) =>
  sign && userName ? `*${userName}:*\n${text}` : text
