import { WidgetPanelComposer } from './WidgetPanelComposer'
import { WidgetPanelError } from './WidgetPanelError'
import { WidgetPanelHeader } from './WidgetPanelHeader'
import { WidgetPanelLoading } from './WidgetPanelLoading'
import { WidgetPanelMessageList } from './WidgetPanelMessageList'
import { WidgetPanelOffline } from './WidgetPanelOffline'
import { WidgetPanelRoot } from './WidgetPanelRoot'

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
