/** The app's name, the tab title without news. */
export const APP_TITLE = 'LimeDesk'

/** WhatsApp Web's title: "(3) LimeDesk" where 3 is the number of conversations with unread messages. */
export const tabTitle = (unreadChats: number, base = APP_TITLE) =>
  unreadChats > 0 ? `(${unreadChats > 99 ? '99+' : unreadChats}) ${base}` : base
