import { NativeSelect } from '@chakra-ui/react'
import type { Lane } from '@desk/api-client/contract'
import { useT } from '../../internal/useT'

export interface LaneSelectorProps {
  lanes: Lane[]
  /** The card's lane (`Card.laneId`); null while it is unknown. */
  value: string | null
  onChange: (laneId: string) => void
  disabled?: boolean
}

/** The ticket's lane on the kanban, shown and changed from the conversation's header. */
export function LaneSelector({ lanes, value, onChange, disabled }: LaneSelectorProps) {
  const t = useT()
  return (
    <NativeSelect.Root size="xs" width="auto" maxWidth="44" disabled={disabled || value === null}>
      <NativeSelect.Field
        aria-label={t('kanban.laneSelector')}
        title={t('kanban.laneSelector')}
        value={value ?? ''}
        onChange={(e) => onChange(e.currentTarget.value)}
      >
        {value === null && <option value="">{t('common.loading')}</option>}
        {lanes.map((lane) => (
          <option key={lane.id} value={lane.laneId}>
            {lane.title}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}
