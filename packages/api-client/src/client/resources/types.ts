import type { RequestOptions } from '../http'

/** The authenticated request function every resource is built on. */
export type Requester = <T>(path: string, options?: RequestOptions<T>) => Promise<T>

/** Query strings for list calls; arrays go as JSON (`queueIds=[1,2]`), as the server expects. */
export const listQuery = (query: Record<string, string | number | boolean | readonly number[] | null | undefined>) => {
  const out: Record<string, string | number | boolean | undefined> = {}
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue
    out[key] = Array.isArray(value) ? JSON.stringify(value) : (value as string | number | boolean)
  }
  return out
}
