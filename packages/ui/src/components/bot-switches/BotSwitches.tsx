import { Badge, Flex, HStack, Skeleton, Text, Tooltip } from '@chakra-ui/react'
import type { MessageId } from '../../i18n'
import { UiPortal } from '../../internal/portal'
import { SwitchButton } from '../../internal/SwitchButton'
import { useT } from '../../internal/useT'

/** The six bots of the conversation screen, in the seed's order. */
export const BOT_SWITCH_KINDS = ['dialogflow', 'dialogflowAudio', 'chatbot', 'n8n', 'gpt', 'typebot'] as const
export type BotSwitchKind = (typeof BOT_SWITCH_KINDS)[number]

export interface BotSwitchItem {
  kind: BotSwitchKind
  /** `paused`: an agent replied; the bot waits until switched on again. */
  state: 'on' | 'paused' | 'off'
  /** Configured and enabled by an admin: only then can it be switched on. */
  configured: boolean
  /** The bot's last failure since it was switched on (its message, as a tooltip). */
  failedAt?: string | null
  error?: string | null
}

export interface BotSwitchesProps {
  switches: BotSwitchItem[]
  onToggle: (kind: BotSwitchKind, on: boolean) => void
  /** A switch whose change is on its way: it waits. */
  pendingKind?: BotSwitchKind | null
  isLoading?: boolean
}

export const botKindLabel = (kind: BotSwitchKind): MessageId => `bots.kind.${kind}`

/**
 * One compact row of the contact's bot switches, with a mark for a paused or failed bot; each is a keyboard switch.
 * One that is not set up stays focusable and says why in a tooltip, on hover and on focus.
 */
export function BotSwitches({ switches, onToggle, pendingKind, isLoading }: BotSwitchesProps) {
  const t = useT()
  if (isLoading && !switches.length) {
    return (
      <HStack role="group" gap="3" paddingInline="3" paddingBlock="1" aria-busy="true" aria-label={t('bots.switches')}>
        {BOT_SWITCH_KINDS.map((kind) => (
          <Skeleton key={kind} height="4" width="16" />
        ))}
      </HStack>
    )
  }
  return (
    <Flex
      role="group"
      aria-label={t('bots.switches')}
      gap="2"
      paddingInline="3"
      paddingBlock="1"
      borderBottomWidth="1px"
      bg="bg.panel"
      colorPalette="brand"
      // One compact row: it scrolls sideways rather than wrapping into a second one.
      flexWrap="nowrap"
      overflowX="auto"
      scrollbarWidth="thin"
      css={{ '& [role=switch]': { fontSize: 'xs', whiteSpace: 'nowrap' } }}
    >
      {switches.map((item) => {
        const unavailable = !item.configured && item.state !== 'on'
        const reason = unavailable ? t('bots.notConfigured') : item.state === 'on' && item.failedAt ? item.error : null
        return (
          <HStack key={item.kind} gap="1" flexShrink="0">
            <Tooltip.Root openDelay={150} closeDelay={0} disabled={!reason} positioning={{ placement: 'bottom' }}>
              <Tooltip.Trigger asChild>
                <SwitchButton
                  label={t(botKindLabel(item.kind))}
                  checked={item.state === 'on'}
                  disabled={pendingKind === item.kind}
                  unavailable={unavailable}
                  onChange={(on) => onToggle(item.kind, on)}
                />
              </Tooltip.Trigger>
              {reason && (
                <UiPortal>
                  <Tooltip.Positioner>
                    <Tooltip.Content>{reason}</Tooltip.Content>
                  </Tooltip.Positioner>
                </UiPortal>
              )}
            </Tooltip.Root>
            {item.state === 'paused' && (
              <Badge size="xs" colorPalette="yellow" variant="subtle">
                {t('bots.paused')}
              </Badge>
            )}
            {item.state === 'on' && item.failedAt && (
              <Badge size="xs" colorPalette="red" variant="solid">
                {t('bots.failed')}
              </Badge>
            )}
          </HStack>
        )
      })}
      {switches.some((s) => s.state === 'on' && s.failedAt) && (
        <Text srOnly role="status">
          {t('bots.failedNotice')}
        </Text>
      )}
    </Flex>
  )
}
