import { Box, Button, Menu } from '@chakra-ui/react'
import { LuChevronDown } from 'react-icons/lu'
import { UiPortal } from '../../../internal/portal'
import { useT } from '../../../internal/useT'

interface QueueSelectProps {
  queues: { id: number; name: string; color: string }[]
  selected: number[]
  onChange: (ids: number[]) => void
}

/** Which of the user's queues the lists show: a menu of checkable queues. */
export function QueueSelect({ queues, selected, onChange }: QueueSelectProps) {
  const t = useT()
  return (
    <Menu.Root closeOnSelect={false}>
      <Menu.Trigger asChild>
        <Button size="xs" variant="outline" colorPalette="gray">
          {t('tickets.queuesSelected', { count: selected.length })}
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
                  checked={selected.includes(queue.id)}
                  onCheckedChange={(checked) =>
                    onChange(checked ? [...selected, queue.id] : selected.filter((id) => id !== queue.id))
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
