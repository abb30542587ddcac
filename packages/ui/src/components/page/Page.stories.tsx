import { Button, Text } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { LuPlus } from 'react-icons/lu'
import { PageContainer, PageHeader } from './Page'

const meta = {
  title: 'Components/Page',
  component: PageContainer,
  args: { children: null },
  parameters: { layout: 'fullscreen' },
  tags: ['autodocs'],
} satisfies Meta<typeof PageContainer>

export default meta
type Story = StoryObj<typeof meta>

export const WithActions: Story = {
  render: () => (
    <PageContainer>
      <PageHeader
        title="Users"
        actions={
          <Button size="sm">
            <LuPlus aria-hidden /> Add user
          </Button>
        }
      />
      <Text color="fg.muted">Page content goes here.</Text>
    </PageContainer>
  ),
}

export const TitleOnly: Story = {
  render: () => (
    <PageContainer>
      <PageHeader title="Dashboard" />
    </PageContainer>
  ),
}

export const Narrow: Story = {
  render: () => (
    <PageContainer maxWidth="xl">
      <PageHeader title="Settings" />
      <Text color="fg.muted">A narrow page, like the settings form.</Text>
    </PageContainer>
  ),
}

/** The catalogue in both colour modes: one matrix, one picture. */
export const Catalog: Story = {
  parameters: { catalog: { dimensions: [{ name: 'colorMode', values: ['dark', 'light'] }] } },
  render: () => (
    <>
      <PageContainer>
        <PageHeader title="Dashboard" />
      </PageContainer>
      <PageContainer>
        <PageHeader
          title="A very long page title that has to wrap when the actions need their room"
          actions={
            <>
              <Button size="sm" variant="outline" colorPalette="gray">
                Import
              </Button>
              <Button size="sm">Add</Button>
            </>
          }
        />
      </PageContainer>
    </>
  ),
}
