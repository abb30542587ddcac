import { useQuickAnswer, useQuickAnswers } from '@desk/api-client/hooks'
import { useMemo, useState } from 'react'
import { useDebouncedValue } from '../../lib/useDebouncedValue'

/**
 * The quick answers the lane form offers: what the server finds for the search box (`searchParam`,
 * 20 at most), and the answer of the lane being edited even when no result lists it.
 */
export function useLaneAnswerOptions(editedAnswerId: number | null) {
  const [search, setSearch] = useState('')
  const searchParam = useDebouncedValue(search.trim())
  const { quickAnswers } = useQuickAnswers({ searchParam })
  const listed = editedAnswerId === null || (quickAnswers ?? []).some((a) => a.id === editedAnswerId)
  const { quickAnswer: edited } = useQuickAnswer(listed ? null : editedAnswerId)
  const options = useMemo(() => {
    const found = (quickAnswers ?? []).map((a) => ({ id: a.id, name: `/${a.shortcut}` }))
    return edited && !found.some((a) => a.id === edited.id)
      ? [{ id: edited.id, name: `/${edited.shortcut}` }, ...found]
      : found
  }, [quickAnswers, edited])
  return { options, search, setSearch }
}
