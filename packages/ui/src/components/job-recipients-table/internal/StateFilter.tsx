import { NativeSelect } from '@chakra-ui/react'
import { FormField } from '../../../internal/FormField'
import { RECIPIENT_STATES, type RecipientState } from '../../../internal/outreach/job'
import { useT } from '../../../internal/useT'

export type RecipientFilter = 'all' | RecipientState

interface StateFilterProps {
  value: RecipientFilter
  onChange: (value: RecipientFilter) => void
  /** How many recipients are in each state, shown beside it. */
  counts?: Partial<Record<RecipientFilter, number>>
}

const isFilter = (value: string): value is RecipientFilter =>
  value === 'all' || (RECIPIENT_STATES as readonly string[]).includes(value)

/** All, or one recipient state. */
export function StateFilter({ value, onChange, counts }: StateFilterProps) {
  const t = useT()
  const label = (filter: RecipientFilter) => {
    const text = filter === 'all' ? t('jobs.recipients.all') : t(`jobs.state.${filter}`)
    const count = counts?.[filter]
    return count === undefined ? text : t('jobs.recipients.optionCount', { label: text, count })
  }
  return (
    <FormField label={t('jobs.recipients.filter')}>
      <NativeSelect.Root width="auto" minWidth="48">
        <NativeSelect.Field
          value={value}
          onChange={(e) => {
            const next = e.currentTarget.value
            if (isFilter(next)) onChange(next)
          }}
        >
          {(['all', ...RECIPIENT_STATES] as const).map((filter) => (
            <option key={filter} value={filter}>
              {label(filter)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  )
}
