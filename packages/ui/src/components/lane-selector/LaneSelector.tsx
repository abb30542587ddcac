import { chakra, HStack, NativeSelect } from '@chakra-ui/react'
import type { Lane } from '@desk/api-client/contract'
import { useId } from 'react'
import { useLaneTitle } from '../../internal/useLaneTitle'
import { useT } from '../../internal/useT'

export interface LaneSelectorProps {
  lanes: Lane[]
  /** The card's lane (`Card.laneId`); null while it is unknown. */
  value: string | null
  onChange: (laneId: string) => void
  disabled?: boolean
}

/** The ticket's lane on the kanban, labelled "Lane" so it does not read as the ticket's status; shown and changed from the conversation's header. */
export function LaneSelector({ lanes, value, onChange, disabled }: LaneSelectorProps) {
  const t = useT()
  const laneTitle = useLaneTitle()
  const id = useId()
  return (
    <HStack display="inline-flex" gap="1.5" minWidth="0">
      <chakra.label htmlFor={id} textStyle="xs" color="fg.muted" flexShrink="0">
        {t('kanban.laneSelector')}
      </chakra.label>
      <NativeSelect.Root size="xs" width="auto" maxWidth="36" disabled={disabled || value === null}>
        <NativeSelect.Field id={id} value={value ?? ''} onChange={(e) => onChange(e.currentTarget.value)}>
          {value === null && <option value="">{t('common.loading')}</option>}
          {lanes.map((lane) => (
            <option key={lane.id} value={lane.laneId}>
              {laneTitle(lane)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </HStack>
  )
}
