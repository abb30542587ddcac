import { handlers } from '@desk/api-client/mocks'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { withApp } from '../../stories/withApp'
import { NotFoundPage } from './NotFoundPage'

const meta = {
  title: 'Pages/Not found',
  component: NotFoundPage,
  decorators: [withApp],
  parameters: { layout: 'fullscreen', app: { path: '/reports/2025', route: '/reports/*' }, msw: { handlers } },
} satisfies Meta<typeof NotFoundPage>

export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

/** An address that leads nowhere says so, with links back to the dashboard and the tickets. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByRole('heading', { name: 'Page not found' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/')
    await expect(page.getByRole('link', { name: 'Open tickets' })).toHaveAttribute('href', '/tickets')
  },
}

/** Following the dashboard link stays in the app. */
export const BackToDashboard: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await userEvent.click(await page.findByRole('link', { name: 'Go to the dashboard' }))
    await expect(await page.findByTestId('location')).toHaveTextContent(/^\/$/)
  },
}

export const InPortuguese: Story = {
  globals: { locale: 'pt-BR' },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByRole('heading', { name: 'Página não encontrada' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Ir para o dashboard' })).toBeVisible()
  },
}

export const InSpanish: Story = {
  globals: { locale: 'es' },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByRole('heading', { name: 'Página no encontrada' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Ir al panel' })).toBeVisible()
  },
}
