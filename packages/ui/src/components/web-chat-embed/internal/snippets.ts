/** What the embed panel shows a partner to paste: built from the props alone, nothing asked elsewhere. */
export interface EmbedTarget {
  connectionId: number
  /** The desk's address, without a trailing slash (`https://desk.example.com`). */
  deskOrigin: string
  /** The connection's `webChat.loaderPath` (`/embed.js`). */
  loaderPath: string
  /** The connection's `webChat.framePath` (`/widget/4`). */
  framePath: string
}

const origin = (value: string) => value.replace(/\/+$/, '')

/**
 * Defines `window.LimeDeskWidget` before the loader arrives: each method queues its call in `q`, and the
 * loader runs them in order (the same stub as the loader's `QUEUE_STUB`).
 */
const QUEUE_STUB = `<script>
window.LimeDeskWidget=window.LimeDeskWidget||{q:[]};
['open','close','toggle','setUser','setLocale','setTheme','on','off'].forEach(function(m){
  window.LimeDeskWidget[m]=window.LimeDeskWidget[m]||function(){window.LimeDeskWidget.q.push([m,[].slice.call(arguments)])}});
</script>`

/** The queueing stub and the loader's script tag. */
export const scriptSnippet = ({ connectionId, deskOrigin, loaderPath }: EmbedTarget) =>
  `${QUEUE_STUB}\n<script src="${origin(deskOrigin)}${loaderPath}" data-connection="${connectionId}" async></script>`

/** The conversation alone, for a portal that cannot run scripts. */
export const frameUrl = ({ deskOrigin, framePath }: EmbedTarget) => `${origin(deskOrigin)}${framePath}?mode=inline`

/** Handing a partner token to the widget (queued by the stub until the loader arrives). */
export const SET_USER_SNIPPET = 'LimeDeskWidget.setUser({ token })'

const sign = (claims: string, subject: boolean) =>
  [
    `const token = await new SignJWT(${claims})`,
    "  .setProtectedHeader({ alg: 'HS256' })",
    ...(subject ? ["  .setSubject('customer-1234')"] : []),
    "  .setExpirationTime('10m')",
    '  .sign(secret)',
  ].join('\n')

const SECRET_LINE =
  "import { SignJWT } from 'jose'\n\nconst secret = new TextEncoder().encode(process.env.LIMEDESK_WIDGET_SECRET)"

/** Minting a customer-mode token on the partner's server (Node, `jose`): `sub`, `exp`, optional `name` and `email`. */
export const CUSTOMER_TOKEN_EXAMPLE = `${SECRET_LINE}\n\n${sign("{ name: 'Ana Souza', email: 'ana@example.com' }", true)}`

/** Agent mode: one ticket for a partner user who is a desk user (`ticketId`, `userEmail`, `exp`). */
export const AGENT_TOKEN_EXAMPLE = sign("{ ticketId: 42, userEmail: 'agent@example.com' }", false)
