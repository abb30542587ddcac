import type { OutboundLocation } from './types'

/** Coordinates from a map link (`q=lat,lng`, `ll=`, `query=` or `@lat,lng`), for networks that need them. */
export const coordinatesOf = (link: string): { latitude: number; longitude: number } | null => {
  let decoded = link
  try {
    decoded = decodeURIComponent(link)
  } catch {}
  const match = /(?:[?&](?:q|ll|query)=|@)(-?\d{1,3}(?:\.\d+)?),\s*(-?\d{1,3}(?:\.\d+)?)/.exec(decoded)
  if (!match) return null
  const latitude = Number(match[1])
  const longitude = Number(match[2])
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null
  return { latitude, longitude }
}

/**
 * Where a location sits, for networks that pin it: its coordinates, else those its link names, else null
 * (then the network gets `locationText` instead).
 */
export const pointOf = (location: OutboundLocation) =>
  location.latitude !== undefined && location.longitude !== undefined
    ? { latitude: location.latitude, longitude: location.longitude }
    : coordinatesOf(location.link)

/** A location without coordinates, sent as text: its description, then its link. */
export const locationText = (location: OutboundLocation) =>
  [location.description, location.link].filter(Boolean).join('\n')
