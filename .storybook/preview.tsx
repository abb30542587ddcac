import type { ColorMode, UiLocale } from '@desk/ui'
import { dateTimeSettings, registerAppRecipes, UiProvider } from '@desk/ui'
import type { Decorator, Preview } from '@storybook/react-vite'
import { mswLoader } from 'msw-storybook-addon/csf3'
import type { IntlConfig } from 'react-intl'
import { MINIMAL_VIEWPORTS } from 'storybook/viewport'
import { SWRConfig } from 'swr'
import { inCatalog, withCatalog } from './catalog'

/** Every story, in Storybook and in tests, sees the same "now" so relative times and screenshots stay put. */
export const FIXED_NOW = Date.parse('2026-01-15T10:30:00Z')
dateTimeSettings.now = () => FIXED_NOW
dateTimeSettings.timeZone = 'UTC'
// Stories draw the signed-in app's parts without its layout, which registers their recipes in the app.
registerAppRecipes()

/** A message id with no message would show raw on screen: in stories (and so in their tests) it is an error. */
const failOnMissingMessage: NonNullable<IntlConfig['onError']> = (error) => {
  if (error.code === 'MISSING_TRANSLATION') throw error
  console.error(error)
}

const withProviders: Decorator = (Story, context) => (
  // A fresh SWR cache per story: data from one page story never leaks into the next.
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
    <UiProvider
      locale={(context.globals.locale as UiLocale) ?? 'en'}
      colorMode={(context.globals.colorMode as ColorMode) ?? 'dark'}
      onMessageError={failOnMissingMessage}
      contained={inCatalog(context)}
    >
      <Story />
    </UiProvider>
  </SWRConfig>
)

const preview: Preview = {
  // The last decorator is the outermost: a Catalog story's matrix renders the providers once for each cell.
  decorators: [withProviders, withCatalog],
  loaders: [mswLoader()],
  globalTypes: {
    locale: {
      description: 'Language of the interface',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English' },
          { value: 'pt-BR', title: 'Português (Brasil)' },
          { value: 'es', title: 'Español' },
        ],
        dynamicTitle: true,
      },
    },
    colorMode: {
      description: 'Colour mode',
      toolbar: {
        title: 'Colour mode',
        icon: 'mirror',
        items: [
          { value: 'dark', title: 'Dark', icon: 'moon' },
          { value: 'light', title: 'Light', icon: 'sun' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'en', colorMode: 'dark' },
  parameters: {
    // One root per package (see docs/architecture.md, "Stories"): the library's components, the app's pages, the widget;
    // each sorted by name, a component's stories in the order of its file.
    options: { storySort: { order: ['Components', 'Pages', 'Embed'], method: 'alphabetical' } },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    a11y: { test: 'error' },
    // A story picks one with `globals: { viewport: { value: 'phone' } }`; the story tests then run at that size.
    viewport: {
      options: {
        ...MINIMAL_VIEWPORTS,
        phone: { name: 'Phone (390 × 844)', styles: { width: '390px', height: '844px' }, type: 'mobile' },
        // A page a little longer than the default 900 px (the whole page in one picture).
        tall: { name: 'Desktop, tall (1200 × 1000)', styles: { width: '1200px', height: '1000px' }, type: 'desktop' },
        wide: { name: 'Desktop, wide (1440 × 900)', styles: { width: '1440px', height: '900px' }, type: 'desktop' },
      },
    },
  },
}

export default preview
