/**
 * The desk's address, where partners load the widget from (`/embed.js`, `/widget/:id`): the API's
 * origin, which is the app's own unless VITE_API_URL points elsewhere.
 */
export const deskOrigin = (apiUrl: string = import.meta.env.VITE_API_URL || '/api') =>
  new URL(apiUrl, window.location.href).origin
