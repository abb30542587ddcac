/** The framed pages (the chatbot app, an external chat): which addresses they take. */

/** The setting keys of the framed pages' addresses (empty: no frame). */
export const INTERNAL_CHAT_URL_SETTING = 'internalChatUrl'
export const CHATBOT_URL_SETTING = 'chatbotUrl'

/** An address a page may frame: empty, or an absolute http(s) URL (its origin joins the CSP's `frame-src`). */
export const isFrameAddress = (value: string): boolean => {
  if (value === '') return true
  // Nothing that could end a policy's source list or a page's attribute.
  if (value.length > 500 || /[\s'";,<>]/.test(value)) return false
  try {
    const url = new URL(value)
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password
  } catch {
    return false
  }
}
