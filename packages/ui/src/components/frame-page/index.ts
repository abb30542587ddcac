export type { FramePageProps } from './FramePage'
export { FramePage } from './FramePage'
