import { Button, SimpleGrid } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { LuUserX } from 'react-icons/lu'
import { EmptyState } from './EmptyState'

const meta = {
  title: 'Components/EmptyState',
  component: EmptyState,
  tags: ['autodocs'],
} satisfies Meta<typeof EmptyState>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

export const WithDescription: Story = {
  args: { title: 'No users found', description: 'Try another search or add a user.', icon: <LuUserX /> },
}

export const WithAction: Story = {
  args: {
    title: 'No quick answers yet',
    description: 'Save the replies you type most often.',
    children: <Button size="sm">Add quick answer</Button>,
  },
}

/** The catalogue in both colour modes: one matrix, one picture. */
export const Catalog: Story = {
  parameters: { catalog: { dimensions: [{ name: 'colorMode', values: ['dark', 'light'] }] } },
  render: () => (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
      <EmptyState />
      <EmptyState title="No users found" description="Try another search or add a user." icon={<LuUserX />} />
      <EmptyState title="No quick answers yet" description="Save the replies you type most often.">
        <Button size="sm">Add quick answer</Button>
      </EmptyState>
    </SimpleGrid>
  ),
}
