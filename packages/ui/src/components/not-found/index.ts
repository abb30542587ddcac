export type { NotFoundProps } from './NotFound'
export { NotFound } from './NotFound'
