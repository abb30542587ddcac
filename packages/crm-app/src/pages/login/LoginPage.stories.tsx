import { fixtures, handlers, mockRoute, scenarios } from '@desk/api-client/mocks'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { HttpResponse } from 'msw'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { settle, withApp } from '../../stories/withApp'
import { LoginPage } from './LoginPage'

const meta = {
  title: 'Pages/Login',
  component: LoginPage,
  decorators: [withApp],
  parameters: { layout: 'fullscreen', app: { path: '/login', signedInAs: null, publicOnly: true }, msw: { handlers } },
} satisfies Meta<typeof LoginPage>

export default meta
type Story = StoryObj<typeof meta>

/** Sign-up is open (the first account, or the administrator allows it): the login page offers it. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body)
    await expect(await page.findByRole('link', { name: /Sign up/ })).toHaveAttribute('href', '/signup')
  },
}

/** How many times the page asked whether sign-up is open, so the story checks the page after the answer. */
let signupAsked = 0

/** Sign-up is closed: the login page offers no "Sign up" link that would only end in a refusal. */
export const SignupClosed: Story = {
  beforeEach: () => {
    signupAsked = 0
  },
  parameters: {
    msw: {
      handlers: [
        mockRoute('signupStatus', () => {
          signupAsked++
          return HttpResponse.json({ open: false })
        }),
        ...handlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body)
    await expect(await page.findByRole('button', { name: /log ?in/i })).toBeVisible()
    await waitFor(() => expect(signupAsked).toBeGreaterThan(0))
    await settle()
    await expect(page.queryByRole('link', { name: /Sign up/ })).toBeNull()
  },
}

export const SignsIn: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body)
    await userEvent.type(await page.findByRole('textbox', { name: /email/i }), fixtures.agent.email)
    await userEvent.type(page.getByLabelText(/password/i), fixtures.password)
    await userEvent.click(page.getByRole('button', { name: /log ?in/i }))
    await waitFor(() => expect(page.getByText('Login successfully!')).toBeVisible())
    // The public-route guard sends the signed-in visitor on to /.
    await expect(await page.findByTestId('location')).toHaveTextContent(/^\/$/)
    await settle()
  },
}

export const WrongPassword: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body)
    await userEvent.type(await page.findByRole('textbox', { name: /email/i }), fixtures.agent.email)
    await userEvent.type(page.getByLabelText(/password/i), 'not-the-password')
    await userEvent.click(page.getByRole('button', { name: /log ?in/i }))
    await waitFor(() => expect(page.getByText('Authentication error. Please try again.')).toBeVisible())
    await settle()
  },
}

export const RateLimited: Story = {
  parameters: { msw: { handlers: [...scenarios.loginRateLimited, ...handlers] } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body)
    await userEvent.type(await page.findByRole('textbox', { name: /email/i }), fixtures.agent.email)
    await userEvent.type(page.getByLabelText(/password/i), fixtures.password)
    await userEvent.click(page.getByRole('button', { name: /log ?in/i }))
    await waitFor(() => expect(page.getByText('Too many attempts. Please wait a moment and try again.')).toBeVisible())
    await settle()
  },
}
