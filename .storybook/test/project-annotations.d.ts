declare module 'virtual:/@storybook/builder-vite/project-annotations.js' {
  import type { ReactRenderer } from '@storybook/react-vite'
  import type { ProjectAnnotations } from 'storybook/internal/types'

  /** Everything `.storybook/preview.tsx` and the addons contribute, as the Storybook UI applies it. */
  export function getProjectAnnotations(): ProjectAnnotations<ReactRenderer>
}
