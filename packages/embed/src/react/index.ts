export { ConversationPanel, type ConversationPanelProps } from './ConversationPanel'
export { ConversationWidget, type ConversationWidgetProps } from './ConversationWidget'
export type { WidgetComponentProps, WidgetHandle } from './useWidgetHost'
