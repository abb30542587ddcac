import { Box, SimpleGrid, Text } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, within } from 'storybook/test'
import { EmptyState } from '../empty-state/EmptyState'
import { ListState } from './ListState'
import { LoadError } from './LoadError'

const rows = (
  <Box as="ul" paddingInline="4" paddingBlock="2">
    <li>Marina Costa</li>
    <li>João Pereira</li>
  </Box>
)

const meta = {
  title: 'Components/ListState',
  component: ListState,
  args: { count: 0, empty: <EmptyState title="No contacts found" />, onRetry: fn() },
  tags: ['autodocs'],
} satisfies Meta<typeof ListState>

export default meta
type Story = StoryObj<typeof meta>

/** The first load: a spinner (lists with skeleton rows draw those instead). */
export const Loading: Story = {
  args: { isLoading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading…')
  },
}

/** Loaded, nothing in it. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'No contacts found' })).toBeVisible()
  },
}

/** The load failed: the translated reason and Retry, never the empty state too. */
export const LoadFailed: Story = {
  args: { error: { code: 'ERR_INTERNAL' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('alert')).toHaveTextContent('Something went wrong on the server.')
    await expect(canvas.queryByText('No contacts found')).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }))
    await expect(args.onRetry).toHaveBeenCalledOnce()
  },
}

/** A retry on its way: the button spins and stays where it was. */
export const Retrying: Story = {
  args: { error: { code: 'ERR_INTERNAL' }, isLoading: true },
}

/** Rows already shown stay when a refresh or the next page fails: one line under them asks for a retry. */
export const RowsKeptAfterFailure: Story = {
  args: { count: 2, error: {} },
  render: (args) => <ListState {...args}>{rows}</ListState>,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Marina Costa')).toBeVisible()
    await expect(canvas.getByRole('alert')).toHaveTextContent('An error occurred!')
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeVisible()
  },
}

/** Retry that works: the failure gives way to the rows. */
export const RetryLoads: Story = {
  render: function Render(args) {
    const [loaded, setLoaded] = useState(false)
    return (
      <ListState
        {...args}
        count={loaded ? 2 : 0}
        error={loaded ? null : { code: 'ERR_INTERNAL' }}
        onRetry={() => setLoaded(true)}
      >
        {rows}
      </ListState>
    )
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }))
    await expect(await canvas.findByText('Marina Costa')).toBeVisible()
    await expect(canvas.queryByRole('alert')).toBeNull()
  },
}

/** The four states side by side, and the one-line error a dialog's select uses. */
export const Catalog: Story = {
  parameters: { catalog: { dimensions: [{ name: 'colorMode', values: ['dark', 'light'] }] } },
  render: (args) => (
    <SimpleGrid columns={2} gap="4">
      <ListState {...args} isLoading />
      <ListState {...args} />
      <ListState {...args} error={{ code: 'ERR_INTERNAL' }} />
      <ListState {...args} count={2} error={{ code: 'ERR_NO_PERMISSION' }}>
        {rows}
      </ListState>
      <Box>
        <Text textStyle="sm" marginBottom="1">
          Queue
        </Text>
        <LoadError variant="inline" error={{}} onRetry={() => undefined} />
      </Box>
    </SimpleGrid>
  ),
}
