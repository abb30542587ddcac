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
