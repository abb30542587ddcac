import { useEffect, useState } from 'react'

/** Whether a CSS media query matches now, following the window as it is resized. */
export function useMediaQuery(query: string) {
  const [matches, setMatches] = useState(() => typeof window === 'undefined' || window.matchMedia(query).matches)
  useEffect(() => {
    const list = window.matchMedia(query)
    const onChange = () => setMatches(list.matches)
    onChange()
    list.addEventListener('change', onChange)
    return () => list.removeEventListener('change', onChange)
  }, [query])
  return matches
}
