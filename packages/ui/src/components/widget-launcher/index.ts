export type { WidgetLauncherIcon, WidgetLauncherProps } from './WidgetLauncher'
export { WidgetLauncher } from './WidgetLauncher'
