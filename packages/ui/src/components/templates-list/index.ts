export type { TemplatesListConnection, TemplatesListProps } from './TemplatesList'
export { TemplatesList } from './TemplatesList'
