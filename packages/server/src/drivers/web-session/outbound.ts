import { formatVcardBody } from '@desk/api-client'
import type { AnyMessageContent } from '@whiskeysockets/baileys'
import { pointOf } from '../location'
import type { DeviceContact, OutboundLocation, OutboundMedia } from '../types'

/** What the web client sends for the desk's outbound kinds: pure, no socket. */

/** A file as the web client sends it; an OGG audio goes as a voice note. */
export const mediaContent = (media: OutboundMedia): AnyMessageContent => {
  const caption = media.caption || undefined
  const mimetype = media.mimeType
  return media.mediaType === 'image'
    ? { image: media.data, caption, mimetype }
    : media.mediaType === 'video'
      ? { video: media.data, caption, mimetype }
      : media.mediaType === 'audio'
        ? { audio: media.data, mimetype, ptt: mimetype === 'audio/ogg' }
        : { document: media.data, mimetype, fileName: media.fileName, caption }
}

/**
 * A pinned location (the description's first line names the place, the rest is its address), or null
 * when it has no coordinates: then it goes as text.
 */
export const locationContent = (location: OutboundLocation): AnyMessageContent | null => {
  const point = pointOf(location)
  if (!point) return null
  const [name, ...address] = (location.description ?? '').split('\n')
  return {
    location: {
      degreesLatitude: point.latitude,
      degreesLongitude: point.longitude,
      name: name || undefined,
      address: address.join(', ') || undefined,
    },
  }
}

export const vcardContent = (contact: DeviceContact): AnyMessageContent => ({
  contacts: { displayName: contact.name, contacts: [{ vcard: formatVcardBody(contact) }] },
})
