export type { ListStateProps } from './ListState'
export { ListLoading, ListState } from './ListState'
export type { LoadErrorProps } from './LoadError'
export { LoadError } from './LoadError'
