import type { StorybookConfig } from '@storybook/react-vite'

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: [
    '../packages/ui/src/**/*.stories.@(ts|tsx)',
    '../packages/crm-app/src/**/*.stories.@(ts|tsx)',
    '../packages/embed/src/**/*.stories.@(ts|tsx)',
  ],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  // Serves mockServiceWorker.js, which page stories need for msw, and the embed stories' empty frame page.
  staticDirs: ['../packages/crm-app/public', './static'],
  core: { disableTelemetry: true },
}

export default config
