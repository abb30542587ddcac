/**
 * One message as the panel shows it: a structural subset of the contract's `WidgetMessage`, so the frame
 * passes those as they are; a message still on its way has a temporary id (its `clientId`).
 */
export interface WidgetPanelMessage {
  id: number | string
  /** True when the customer wrote it; false for the desk's side (agents, bots, greetings). */
  fromCustomer: boolean
  body: string
  mediaType: 'chat' | 'image' | 'audio' | 'video' | 'location' | 'vcard' | 'other'
  mediaUrl: string | null
  /** The file's name, when known; else the text or the address names it. */
  mediaName?: string | null
  /** 0 pending (clock), 1 sent (one tick), 2 delivered (two ticks), 3 read (two coloured ticks). */
  ack: number
  /** The agent who sent it (desk side). */
  agentName?: string | null
  isDeleted: boolean
  createdAt: string
  /** Sending it failed: "Not sent" and a Send again button. */
  failed?: boolean
}

/** Who reads the panel: a visitor (customer) or a partner's staff member on one ticket (agent). */
export type WidgetPanelMode = 'customer' | 'agent'

/** A file chosen for the next message; images show `previewUrl` (an object URL the frame made). */
export interface WidgetAttachment {
  name: string
  previewUrl?: string | null
}

export interface WidgetQuickAnswerItem {
  id: number
  shortcut: string
  message: string
}
