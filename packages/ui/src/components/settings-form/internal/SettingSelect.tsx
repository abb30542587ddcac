import { Card, chakra, Flex, NativeSelect, Skeleton } from '@chakra-ui/react'
import { useId } from 'react'

export interface SettingOption {
  value: string
  label: string
}

interface SettingSelectProps {
  label: string
  value: string | undefined
  options: SettingOption[]
  onChange: (value: string) => void
  isLoading?: boolean
}

/** One setting: its label on the left, a select on the right (stacked on small screens). */
export function SettingSelect({ label, value, options, onChange, isLoading }: SettingSelectProps) {
  const id = useId()
  // A stored value outside the known options is still shown rather than silently replaced.
  const all = value && !options.some((o) => o.value === value) ? [...options, { value, label: value }] : options
  return (
    <Card.Root size="sm" variant="outline">
      <Card.Body>
        <Flex gap="3" alignItems={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
          <chakra.label htmlFor={id} flex="1" fontWeight="medium">
            {label}
          </chakra.label>
          {isLoading ? (
            <Skeleton height="10" width={{ base: 'full', sm: '56' }} />
          ) : (
            <NativeSelect.Root width={{ base: 'full', sm: '56' }}>
              <NativeSelect.Field id={id} value={value ?? ''} onChange={(e) => onChange(e.currentTarget.value)}>
                {all.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          )}
        </Flex>
      </Card.Body>
    </Card.Root>
  )
}
