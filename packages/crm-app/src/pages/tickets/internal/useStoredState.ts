import { useCallback, useState } from 'react'

const read = <T>(key: string, fallback: T, isValid: (value: unknown) => value is T): T => {
  try {
    const raw = localStorage.getItem(key)
    if (raw === null) return fallback
    const value: unknown = JSON.parse(raw)
    return isValid(value) ? value : fallback
  } catch {
    return fallback
  }
}

/** A preference kept in local storage (as JSON) so it survives a reload: `signOption`, `audioMessageRate`. */
export function useStoredState<T>(key: string, fallback: T, isValid: (value: unknown) => value is T) {
  const [value, setValue] = useState<T>(() => read(key, fallback, isValid))
  const update = useCallback(
    (next: T) => {
      setValue(next)
      try {
        localStorage.setItem(key, JSON.stringify(next))
      } catch {
        // Private mode: the choice lasts for this visit only.
      }
    },
    [key],
  )
  return [value, update] as const
}

export const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean'
export const isRate = (value: unknown): value is number => value === 0.5 || value === 1 || value === 1.5 || value === 2

/** Local storage keys the desk's earlier clients used too. */
export const SIGN_KEY = 'signOption'
export const AUDIO_RATE_KEY = 'audioMessageRate'
