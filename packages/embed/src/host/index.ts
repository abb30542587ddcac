export { createWidgetHost } from './createWidgetHost'
export type { WidgetEventMap, WidgetEventName, WidgetListener } from './events'
export type { WidgetMode } from './frame'
export type { WidgetHost, WidgetHostOptions } from './types'
