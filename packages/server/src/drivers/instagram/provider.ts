import type { InstagramProvider as ProviderName } from '@desk/api-client'

/**
 * What an Instagram provider does for the desk: send a text or an image to a customer's Instagram-scoped id
 * (with the `HUMAN_AGENT` tag when a person answers after the standard window), and tell who a customer is
 * (user name, name, picture). Meta's Instagram API is one provider; the simulator another.
 */

export interface InstagramProfile {
  username: string | null
  name: string | null
  pictureUrl: string | null
}

export interface InstagramSendOptions {
  /** A human agent's reply after the standard 24 hours (Instagram's 7-day `HUMAN_AGENT` tag). */
  humanAgent?: boolean
}

export interface InstagramImage {
  /** Where Meta fetches the image from (a real account), or the file itself (the simulator). */
  url: string | null
  data: Buffer
  mimeType: string
  fileName: string
}

/** A refusal by the Graph API, with its own code (`10`: outside the allowed window; `551`: the user is unavailable). */
export class InstagramError extends Error {
  constructor(
    message: string,
    readonly graphCode: number | null,
    readonly status: number,
  ) {
    super(message)
    this.name = 'InstagramError'
  }
}

export interface InstagramProvider {
  readonly name: ProviderName
  sendText(igsid: string, text: string, options?: InstagramSendOptions): Promise<string>
  sendImage(igsid: string, image: InstagramImage, options?: InstagramSendOptions): Promise<string>
  /** Who a customer is; null when the network does not say. */
  profile(igsid: string): Promise<InstagramProfile | null>
  /** A customer's attachment, from the address the webhook named (null when it cannot be read). */
  fetchMedia(url: string): Promise<{ data: Buffer; mimeType: string } | null>
}
