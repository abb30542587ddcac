export type { LaneSelectorProps } from './LaneSelector'
export { LaneSelector } from './LaneSelector'
