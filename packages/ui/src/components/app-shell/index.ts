export type { NavIcon, NavItem, NavSection } from '../../internal/navItems'
export type { AppShellProps } from './AppShell'
export { AppShell } from './AppShell'
