import { Box, Button, Menu } from '@chakra-ui/react'
import { LuChevronDown } from 'react-icons/lu'
import { UiPortal } from '../../../internal/portal'
import { useT } from '../../../internal/useT'

interface QueueSelectProps {
  queues: { id: number; name: string; color: string }[]
  selected: number[]
  onChange: (ids: number[]) => void
}

/**
 * Which queues the lists show: a menu of checkable queues. No selection narrows nothing, so it shows
 * (and ticks) every queue as "All queues"; the last ticked queue stays ticked, as unticking it would
 * list everything again.
 */
export function QueueSelect({ queues, selected, onChange }: QueueSelectProps) {
  const t = useT()
  const chosen = selected.filter((id) => queues.some((queue) => queue.id === id))
  const shown = chosen.length ? chosen : queues.map((queue) => queue.id)
  const all = shown.length === queues.length
  return (
    <Menu.Root closeOnSelect={false}>
      <Menu.Trigger asChild>
        <Button size="xs" variant="outline" colorPalette="gray" flexShrink="0" disabled={queues.length === 0}>
          {all ? t('tickets.allQueues') : t('tickets.queuesSelected', { count: shown.length })}
          <LuChevronDown aria-hidden />
        </Button>
      </Menu.Trigger>
      <UiPortal>
        <Menu.Positioner>
          <Menu.Content minWidth="48">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>{t('tickets.queues')}</Menu.ItemGroupLabel>
              {queues.map((queue) => (
                <Menu.CheckboxItem
                  key={queue.id}
                  value={String(queue.id)}
                  checked={shown.includes(queue.id)}
                  disabled={shown.length === 1 && shown[0] === queue.id}
                  onCheckedChange={(checked) =>
                    onChange(checked ? [...shown, queue.id] : shown.filter((id) => id !== queue.id))
                  }
                >
                  <Box boxSize="2.5" borderRadius="full" style={{ background: queue.color }} aria-hidden />
                  {queue.name}
                  <Menu.ItemIndicator />
                </Menu.CheckboxItem>
              ))}
            </Menu.ItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </UiPortal>
    </Menu.Root>
  )
}
