import { handlers, scenarios } from '@desk/api-client/mocks'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { settle, withApp } from '../../stories/withApp'
import { SignupPage } from './SignupPage'

const meta = {
  title: 'Pages/Signup',
  component: SignupPage,
  decorators: [withApp],
  parameters: { layout: 'fullscreen', app: { path: '/signup', signedInAs: null, publicOnly: true }, msw: { handlers } },
} satisfies Meta<typeof SignupPage>

export default meta
type Story = StoryObj<typeof meta>

const fillIn = async (canvasElement: HTMLElement) => {
  const page = within(canvasElement.ownerDocument.body)
  await userEvent.type(await page.findByRole('textbox', { name: /name/i }), 'Eva Lima')
  await userEvent.type(page.getByRole('textbox', { name: /email/i }), 'eva@limedesk.test')
  await userEvent.type(page.getByLabelText(/password/i), 'secret123')
  await userEvent.click(page.getByRole('button', { name: /sign ?up/i }))
  return page
}

export const Empty: Story = {}

/** A new account shows the success toast and goes to /login. */
export const SignsUp: Story = {
  play: async ({ canvasElement }) => {
    const page = await fillIn(canvasElement)
    await waitFor(() => expect(page.getByText('User created successfully!')).toBeVisible())
    await expect(await page.findByTestId('location')).toHaveTextContent('/login')
    await settle()
  },
}

export const CreationDisabled: Story = {
  parameters: { msw: { handlers: [...scenarios.signupDisabled, ...handlers] } },
  play: async ({ canvasElement }) => {
    const page = await fillIn(canvasElement)
    await waitFor(() => expect(page.getByText('User creation has been disabled by the administrator.')).toBeVisible())
    await settle()
  },
}

export const TooShort: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body)
    await userEvent.type(await page.findByRole('textbox', { name: /name/i }), 'E')
    await userEvent.type(page.getByRole('textbox', { name: /email/i }), 'eva@limedesk.test')
    await userEvent.type(page.getByLabelText(/password/i), 'secret123')
    await userEvent.click(page.getByRole('button', { name: /sign ?up/i }))
    await waitFor(() => expect(page.getByText('Too Short!')).toBeVisible())
    await settle()
  },
}
