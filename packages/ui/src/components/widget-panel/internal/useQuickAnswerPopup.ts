import { type KeyboardEvent, useMemo, useState } from 'react'
import type { WidgetQuickAnswerItem } from '../types'

/**
 * The `/` popup's state: while the text starts with `/`, the quick answers whose shortcut contains what
 * follows; ↑ ↓ move, Enter picks, Esc closes it until the text changes. `onKeyDown` answers whether it
 * took the key.
 */
export function useQuickAnswerPopup(
  value: string,
  answers: WidgetQuickAnswerItem[] | undefined,
  enabled: boolean,
  onPick: (answer: WidgetQuickAnswerItem) => void,
) {
  const [active, setActive] = useState(0)
  const [dismissed, setDismissed] = useState<string | null>(null)
  const matches = useMemo(() => {
    if (!value.startsWith('/') || !answers?.length) return []
    const query = value.slice(1).toLowerCase()
    return answers.filter((answer) => answer.shortcut.toLowerCase().includes(query))
  }, [value, answers])
  const open = enabled && matches.length > 0 && dismissed !== value
  const activeIndex = Math.min(active, matches.length - 1)

  const onKeyDown = (e: KeyboardEvent) => {
    if (!open) return false
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      setActive((activeIndex + (e.key === 'ArrowDown' ? 1 : -1) + matches.length) % matches.length)
    } else if (e.key === 'Escape') {
      setDismissed(value)
    } else if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      onPick(matches[activeIndex])
    } else return false
    e.preventDefault()
    return true
  }
  return { open, matches, activeIndex, onKeyDown, reset: () => setActive(0) }
}
