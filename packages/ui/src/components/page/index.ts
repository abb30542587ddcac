export type { PageContainerProps, PageHeaderProps } from './Page'
export { PageContainer, PageHeader } from './Page'
