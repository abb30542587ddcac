import { SimpleGrid } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { LoginForm } from './LoginForm'

const meta = {
  title: 'Components/LoginForm',
  component: LoginForm,
  args: { onSubmit: fn(), onNavigate: fn(), signupHref: '/signup' },
  parameters: { layout: 'fullscreen' },
  tags: ['autodocs'],
} satisfies Meta<typeof LoginForm>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}

export const RequiredFields: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Log in' }))
    await expect(await canvas.findAllByText('Required')).toHaveLength(2)
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

/** The first field left empty takes the focus; once submitted, each field is checked again as it changes. */
export const ChecksAgainAsYouType: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Log in' }))
    await expect(await canvas.findAllByText('Required')).toHaveLength(2)
    await expect(canvas.getByLabelText(/Email/)).toHaveFocus()
    await userEvent.type(canvas.getByLabelText(/Email/), '   ')
    await expect(canvas.getAllByText('Required')).toHaveLength(2)
    await userEvent.type(canvas.getByLabelText(/Email/), 'ana@limedesk.test')
    await expect(canvas.getAllByText('Required')).toHaveLength(1)
    await userEvent.clear(canvas.getByLabelText(/Email/))
    await userEvent.type(canvas.getByLabelText(/Password/), 'x')
    await expect(canvas.getAllByText('Required')).toHaveLength(1)
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

export const Submits: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText(/Email/), '  ana@limedesk.test ')
    await userEvent.type(canvas.getByLabelText(/Password/), 'secret')
    await userEvent.click(canvas.getByRole('button', { name: 'Log in' }))
    await expect(args.onSubmit).toHaveBeenCalledWith(
      { email: 'ana@limedesk.test', password: 'secret' },
      expect.anything(),
    )
  },
}

export const LinksToSignup: Story = {
  play: async ({ args, canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: /Sign up/ })
    await expect(link).toHaveAttribute('href', '/signup')
    await userEvent.click(link)
    await expect(args.onNavigate).toHaveBeenCalledWith('/signup')
  },
}

export const Submitting: Story = {
  args: { isSubmitting: true, defaultValues: { email: 'ana@limedesk.test', password: 'secret' } },
}

export const InvalidCredentials: Story = {
  args: { error: { code: 'ERR_INVALID_CREDENTIALS' }, defaultValues: { email: 'ana@limedesk.test' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Authentication error. Please try again.')
  },
}

export const RateLimited: Story = {
  args: { error: { code: 'ERR_RATE_LIMITED' } },
}

export const ServerFieldErrors: Story = {
  args: { fieldErrors: [{ path: 'email', message: 'validation.invalidEmail' }] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('Invalid email')).toBeVisible()
    await expect(canvas.getByLabelText(/Email/)).toHaveFocus()
  },
}

/** Two forms side by side repeat the main landmark; that is the catalogue's doing, not the form's. */
export const Catalog: Story = {
  parameters: {
    catalog: {
      dimensions: [
        { name: 'colorMode', values: ['dark', 'light'] },
        { name: 'locale', values: ['en', 'es'] },
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
      <LoginForm {...args} />
      <LoginForm
        {...args}
        isSubmitting
        error={{ code: 'ERR_INVALID_CREDENTIALS' }}
        defaultValues={{ email: 'ana@limedesk.test' }}
      />
    </SimpleGrid>
  ),
}
