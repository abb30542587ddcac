import { SimpleGrid } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { SignupForm } from './SignupForm'

const meta = {
  title: 'Components/SignupForm',
  component: SignupForm,
  args: { onSubmit: fn(), onNavigate: fn(), loginHref: '/login' },
  parameters: { layout: 'fullscreen' },
  tags: ['autodocs'],
} satisfies Meta<typeof SignupForm>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}

export const TooShort: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText(/Name/), 'A')
    await userEvent.type(canvas.getByLabelText(/Email/), 'ana@limedesk.test')
    await userEvent.type(canvas.getByLabelText(/Password/), '1234')
    await userEvent.click(canvas.getByRole('button', { name: 'Sign up' }))
    await expect(await canvas.findAllByText('Too Short!')).toHaveLength(2)
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

export const TooLongAndInvalidEmail: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText(/Name/), 'N'.repeat(51))
    await userEvent.type(canvas.getByLabelText(/Email/), 'not-an-email')
    await userEvent.type(canvas.getByLabelText(/Password/), 'secret')
    await userEvent.click(canvas.getByRole('button', { name: 'Sign up' }))
    await expect(await canvas.findByText('Too Long!')).toBeVisible()
    await expect(canvas.getByText('Invalid email')).toBeVisible()
  },
}

export const Submits: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText(/Name/), 'Ana Souza')
    await userEvent.type(canvas.getByLabelText(/Email/), 'ana@limedesk.test')
    await userEvent.type(canvas.getByLabelText(/Password/), 'secret')
    await userEvent.click(canvas.getByRole('button', { name: 'Sign up' }))
    await expect(args.onSubmit).toHaveBeenCalledWith(
      { name: 'Ana Souza', email: 'ana@limedesk.test', password: 'secret' },
      expect.anything(),
    )
  },
}

export const LinksToLogin: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('link', { name: /Log in/ }))
    await expect(args.onNavigate).toHaveBeenCalledWith('/login')
  },
}

export const Submitting: Story = {
  args: { isSubmitting: true, defaultValues: { name: 'Ana Souza', email: 'ana@limedesk.test', password: 'secret' } },
}

export const CreationDisabled: Story = {
  args: { error: { code: 'ERR_USER_CREATION_DISABLED' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'User creation has been disabled by the administrator.',
    )
  },
}

export const DuplicatedEmail: Story = {
  args: {
    defaultValues: { name: 'Ana Souza', email: 'ana@limedesk.test' },
    fieldErrors: [{ path: 'email', message: 'A user with this email already exists.' }],
  },
}

/** Two forms side by side repeat the main landmark; that is the catalogue's doing, not the form's. */
export const Catalog: Story = {
  parameters: {
    catalog: {
      dimensions: [
        { name: 'colorMode', values: ['dark', 'light'] },
        { name: 'locale', values: ['en', 'pt-BR'] },
      ],
    },
    a11y: {
      config: {
        rules: [
          { id: 'landmark-no-duplicate-main', enabled: false },
          { id: 'landmark-unique', enabled: false },
        ],
      },
    },
  },
  render: (args) => (
    <SimpleGrid columns={{ base: 1, md: 2 }}>
      <SignupForm {...args} />
      <SignupForm {...args} error={{ code: 'ERR_USER_CREATION_DISABLED' }} />
    </SimpleGrid>
  ),
}
