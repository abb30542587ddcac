import { Box, Menu, Text } from '@chakra-ui/react'
import { useT } from '../../../internal/useT'

export interface DesktopAlertsItemProps {
  state: 'on' | 'off' | 'blocked'
  onChange: (on: boolean) => void
}

/** The bell menu's last row, kept in view while the list scrolls: the browser-notification opt-in. */
export function DesktopAlertsItem({ state, onChange }: DesktopAlertsItemProps) {
  const t = useT()
  return (
    <Box position="sticky" bottom="0" paddingBlock="1" bg="bg.panel" borderTopWidth="1px">
      <Menu.CheckboxItem
        value="desktop-alerts"
        checked={state === 'on'}
        disabled={state === 'blocked'}
        closeOnSelect={false}
        onCheckedChange={onChange}
      >
        <Box flex="1">
          <Text>{t('notifications.desktop')}</Text>
          {state === 'blocked' && (
            <Text textStyle="xs" color="fg.muted">
              {t('notifications.desktopBlocked')}
            </Text>
          )}
        </Box>
        <Menu.ItemIndicator />
      </Menu.CheckboxItem>
    </Box>
  )
}
