import { Box, Flex } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { ContactDrawer } from './ContactDrawer'

const ana = {
  name: 'Ana Souza',
  number: '5511999990001',
  email: 'ana.souza@example.com',
  profilePicUrl: null,
  extraInfo: [
    { id: 1, name: 'Customer since', value: '2021' },
    { id: 2, name: 'Plan', value: 'Premium, billed yearly' },
  ],
}

const meta = {
  title: 'Components/ContactDrawer',
  component: ContactDrawer,
  args: { open: true, onClose: fn(), onEdit: fn(), contact: ana },
  decorators: [
    (Story) => (
      <Flex height="640px" borderWidth="1px" width="fit-content">
        <Story />
      </Flex>
    ),
  ],
  tags: ['autodocs'],
} satisfies Meta<typeof ContactDrawer>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const panel = within(within(canvasElement).getByRole('complementary', { name: 'Contact details' }))
    await expect(panel.getByRole('link', { name: 'Phone +55 11 99999-0001' })).toHaveAttribute(
      'href',
      'tel:+5511999990001',
    )
    await expect(panel.getByRole('link', { name: 'ana.souza@example.com' })).toHaveAttribute(
      'href',
      'mailto:ana.souza@example.com',
    )
    await expect(panel.getByText('Premium, billed yearly')).toBeVisible()
    await userEvent.click(panel.getByRole('button', { name: 'Edit contact' }))
    await expect(args.onEdit).toHaveBeenCalled()
    await userEvent.click(panel.getByRole('button', { name: 'Close contact details' }))
    await expect(args.onClose).toHaveBeenCalled()
  },
}

export const NoExtraInfo: Story = {
  args: { contact: { ...ana, email: null, extraInfo: [] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No other information')).toBeVisible()
  },
}

export const NoNumber: Story = {
  args: { contact: { ...ana, number: null } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('link', { name: /Phone/ })).toBeNull()
  },
}

export const Loading: Story = {
  args: { contact: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('complementary')).toHaveAttribute('aria-busy', 'true')
  },
}

/** The contact could not be loaded: the reason and Retry instead of a placeholder that waits forever. */
export const LoadFailed: Story = {
  args: { contact: null, error: { code: 'ERR_INTERNAL' }, onRetry: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('complementary')).not.toHaveAttribute('aria-busy')
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }))
    await expect(args.onRetry).toHaveBeenCalledOnce()
  },
}

export const Closed: Story = {
  args: { open: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('complementary')).toBeNull()
  },
}

export const LongValues: Story = {
  args: {
    contact: {
      ...ana,
      name: 'Maria Aparecida dos Santos Oliveira Pereira da Silva',
      email: 'maria.aparecida.dos.santos.oliveira@a-very-long-company-domain.example.com',
      extraInfo: [
        { name: 'Address', value: 'Rua Doutor Antônio Bento de Amorim Castro, 1234, apartamento 56, bloco B' },
      ],
    },
  },
}

export const Catalog: Story = {
  render: (args) => (
    <>
      <ContactDrawer {...args} />
      <Box width="4" />
      <ContactDrawer {...args} label="Without details" contact={{ ...ana, number: null, email: null, extraInfo: [] }} />
      <Box width="4" />
      <ContactDrawer {...args} label="Loading" contact={null} />
    </>
  ),
}

export const Light: Story = {
  render: Catalog.render,
  globals: { colorMode: 'light' },
}

export const Portuguese: Story = {
  globals: { locale: 'pt-BR' },
}

/** `variant="sheet"` on a phone (390 px): a modal drawer over the whole screen, closed by its button or Escape. */
export const PhoneSheet: Story = {
  args: { variant: 'sheet' },
  globals: { viewport: { value: 'phone' } },
  play: async ({ args, canvasElement }) => {
    const sheet = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Contact details' })
    const box = sheet.getBoundingClientRect()
    await expect([box.width, box.height]).toEqual([390, 844])
    await expect(within(sheet).getByText('Premium, billed yearly')).toBeVisible()
    await userEvent.keyboard('{Escape}')
    await expect(args.onClose).toHaveBeenCalled()
  },
}
