export { createWidgetHost, type WidgetHost, type WidgetHostOptions } from './createWidgetHost'
export type { WidgetEventMap, WidgetEventName, WidgetListener } from './events'
export type { WidgetMode } from './frame'
