import { Box } from '@chakra-ui/react'
import { later } from '../../internal/later'
import { WidgetPanelComposer } from './WidgetPanelComposer'
import { WidgetPanelHeader } from './WidgetPanelHeader'
import { WidgetPanelLoading } from './WidgetPanelLoading'
import { WidgetPanelMessageList } from './WidgetPanelMessageList'
import { WidgetPanelRoot } from './WidgetPanelRoot'

/** The body's room, in the states' background, while their part loads. */
const body = <Box flex="1" minHeight="0" bg="bg.subtle" />

// What only an error or an empty desk shows: loaded when it is drawn.
const WidgetPanelError = later(() => import('./WidgetPanelError').then((m) => m.WidgetPanelError), body)
const WidgetPanelOffline = later(() => import('./WidgetPanelOffline').then((m) => m.WidgetPanelOffline), body)

/**
 * The embeddable widget's panel, in parts: `Root` holds a `Header` and one body (`MessageList` with a
 * `Composer`, or `Offline`, `Error`, `Loading`).
 */
export const WidgetPanel = {
  Root: WidgetPanelRoot,
  Header: WidgetPanelHeader,
  MessageList: WidgetPanelMessageList,
  Composer: WidgetPanelComposer,
  Offline: WidgetPanelOffline,
  Error: WidgetPanelError,
  Loading: WidgetPanelLoading,
}
