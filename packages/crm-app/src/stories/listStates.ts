import type { RouteAnswer, RouteName } from '@desk/api-client/contract'
import {
  answerOf,
  handlers as deskHandlers,
  failsAlways,
  failsFirst,
  mockPath,
  mockRoute,
  neverAnswer,
} from '@desk/api-client/mocks'
import type { StoryObj } from '@storybook/react-vite'
import type { HttpHandler } from 'msw'
import { expect, userEvent, within } from 'storybook/test'
import { settle } from './withApp'

export interface ListStatesOptions<N extends RouteName> {
  /** The route that loads the page's list. */
  route: N
  /** What the page shows when the list is empty: never beside a failure. */
  emptyText: string
  /** The route's answer for an empty list. */
  emptyAnswer: RouteAnswer<N>
  /** Something the loaded list shows (a row's text), which Retry must bring. */
  loadedText: string | RegExp
  /** The other routes the page calls (the desk's mock handlers by default). */
  handlers?: HttpHandler[]
}

export interface ListStateStories {
  Loading: StoryObj
  Empty: StoryObj
  LoadFailed: StoryObj
  RetryAfterFailure: StoryObj
}

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

/**
 * The four states every list page shows, as stories: still loading (a request never answered), empty,
 * failed (the reason and Retry where the list was, never the empty state with it) and a first failure
 * that Retry recovers from.
 */
export function listStateStories<N extends RouteName>(options: ListStatesOptions<N>): ListStateStories {
  const { route, emptyText, emptyAnswer, loadedText, handlers = deskHandlers } = options
  return {
    Loading: { parameters: { msw: { handlers: [mockRoute(route, neverAnswer), ...handlers] } } },
    Empty: {
      parameters: {
        msw: { handlers: [mockRoute(route, () => answerOf(route, emptyAnswer)), ...handlers] },
      },
      play: async ({ canvasElement }) => {
        await expect(await body(canvasElement).findByText(emptyText)).toBeVisible()
      },
    },
    LoadFailed: {
      parameters: { msw: { handlers: [failsAlways(mockPath(route)), ...handlers] } },
      play: async ({ canvasElement }) => {
        const page = body(canvasElement)
        const alert = await page.findByRole('alert')
        await expect(alert).toHaveTextContent('Something went wrong on the server. Please try again.')
        await expect(within(alert).getByRole('button', { name: 'Retry' })).toBeVisible()
        await expect(page.queryByText(emptyText)).toBeNull()
      },
    },
    RetryAfterFailure: {
      parameters: { msw: { handlers: [failsFirst(mockPath(route)), ...handlers] } },
      play: async ({ canvasElement }) => {
        const page = body(canvasElement)
        await userEvent.click(await page.findByRole('button', { name: 'Retry' }))
        await expect(await page.findByText(loadedText)).toBeVisible()
        await expect(page.queryByRole('alert')).toBeNull()
        await settle()
      },
    },
  }
}
