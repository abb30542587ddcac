import { Stack } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { ErrorMessage } from './ErrorMessage'

const meta = {
  title: 'Components/ErrorMessage',
  component: ErrorMessage,
  args: { error: { code: 'ERR_INVALID_CREDENTIALS' } },
  tags: ['autodocs'],
} satisfies Meta<typeof ErrorMessage>

export default meta
type Story = StoryObj<typeof meta>

export const KnownCode: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Authentication error. Please try again.')
  },
}

export const UnknownCodeWithText: Story = {
  args: { error: { code: 'ERR_SOMETHING_NEW', message: 'The mail server is down' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('The mail server is down')
  },
}

export const NoDetails: Story = {
  args: { error: {} },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('An error occurred!')
  },
}

export const WithTitle: Story = {
  args: { title: 'Could not save', error: { code: 'ERR_DUPLICATED_EMAIL' } },
}

export const Nothing: Story = {
  // Nothing to see (a test, not a design): left out of the sidebar and the docs.
  tags: ['!dev', '!autodocs'],
  args: { error: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('alert')).toBeNull()
  },
}

/** The catalogue in both colour modes: one matrix, one picture. */
export const Catalog: Story = {
  parameters: { catalog: { dimensions: [{ name: 'colorMode', values: ['dark', 'light'] }] } },
  render: () => (
    <Stack gap="3">
      <ErrorMessage error={{ code: 'ERR_INVALID_CREDENTIALS' }} />
      <ErrorMessage error={{ code: 'ERR_SOMETHING_NEW', message: 'The mail server is down' }} />
      <ErrorMessage error={{}} />
      <ErrorMessage title="Could not save" error={{ code: 'ERR_DUPLICATED_EMAIL' }} />
    </Stack>
  ),
}
