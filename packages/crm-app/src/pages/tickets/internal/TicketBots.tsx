import type { BotKind } from '@desk/api-client'
import { useTicketBots } from '@desk/api-client/hooks'
import { BotSwitches, botKindLabel, useNotify } from '@desk/ui'
import { asUiError } from '../../../lib/errors'
import { useT } from '../../../lib/useT'

/** The conversation header's row of bot switches for the ticket's contact, live; a change is confirmed by a toast. */
export function TicketBots({ ticketId }: { ticketId: number }) {
  const t = useT()
  const notify = useNotify()
  const bots = useTicketBots(ticketId)
  // Not for someone the server refuses (the row is a convenience; the server decides).
  if (bots.error && !bots.switches.length) return null
  const onToggle = async (kind: BotKind, on: boolean) => {
    try {
      await bots.toggle(kind, on)
      notify.success(on ? 'bots.switchedOn' : 'bots.switchedOff', { name: t(botKindLabel(kind)) })
    } catch (err) {
      notify.error(asUiError(err))
    }
  }
  return (
    <BotSwitches
      switches={bots.switches}
      onToggle={(kind, on) => void onToggle(kind, on)}
      pendingKind={bots.pendingKind}
      isLoading={bots.isLoading}
    />
  )
}
