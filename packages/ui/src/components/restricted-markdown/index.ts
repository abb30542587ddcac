export type { RestrictedMarkdownProps } from './RestrictedMarkdown'
export { RestrictedMarkdown } from './RestrictedMarkdown'
