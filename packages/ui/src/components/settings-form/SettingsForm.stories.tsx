import { SimpleGrid } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { SettingsForm } from './SettingsForm'

const TOKEN = 'f3a9c2e1b7d84c6a9e0f1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3e4f5a6'
const settings = [
  { key: 'userCreation', value: 'enabled' },
  { key: 'timeCreateNewTicket', value: '3600' },
  { key: 'call', value: 'disabled' },
  { key: 'CheckMsgIsGroup', value: 'enabled' },
  { key: 'kanbanWaitMinutes', value: '30' },
  { key: 'language', value: 'pt-BR' },
  { key: 'userApiToken', value: TOKEN },
]

const meta = {
  title: 'Components/SettingsForm',
  component: SettingsForm,
  args: { settings, isAdmin: true, onChange: fn(), onRegenerateToken: fn(), onCopyToken: fn() },
  tags: ['autodocs'],
} satisfies Meta<typeof SettingsForm>

export default meta
type Story = StoryObj<typeof meta>

export const Admin: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByLabelText('User creation')).toHaveValue('enabled')
    const time = canvas.getByLabelText(/Reopen a closed ticket/)
    await expect(time).toHaveValue('3600')
    await expect(within(time).getByRole('option', { name: '1 hour' })).toBeInTheDocument()
    await expect(within(time).getByRole('option', { name: '2 days' })).toBeInTheDocument()
    await expect(canvas.getByLabelText('API token')).toHaveValue(TOKEN)
  },
}

export const ChangesASetting: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.selectOptions(canvas.getByLabelText('User creation'), 'Disabled')
    await expect(args.onChange).toHaveBeenCalledWith('userCreation', 'disabled')
    await userEvent.selectOptions(canvas.getByLabelText(/Reopen a closed ticket/), '5 minutes')
    await expect(args.onChange).toHaveBeenCalledWith('timeCreateNewTicket', '300')
    const language = canvas.getByLabelText('Language of customer messages and e-mails')
    await expect(language).toHaveValue('pt-BR')
    await userEvent.selectOptions(language, 'Español')
    await expect(args.onChange).toHaveBeenCalledWith('language', 'es')
  },
}

export const CopiesToken: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Copy' }))
    await expect(args.onCopyToken).toHaveBeenCalledWith(TOKEN)
  },
}

export const RegenerateAsksFirst: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Regenerate' }))
    await expect(args.onRegenerateToken).not.toHaveBeenCalled()
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Regenerate' }))
    await expect(args.onRegenerateToken).toHaveBeenCalledTimes(1)
  },
}

export const RegenerateCancelled: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Regenerate' }))
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await expect(args.onRegenerateToken).not.toHaveBeenCalled()
  },
}

export const NotAdmin: Story = {
  args: { isAdmin: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByLabelText('API token')).toBeNull()
  },
}

export const Loading: Story = {
  args: { settings: [], isLoading: true },
}

export const Regenerating: Story = {
  args: { isRegenerating: true },
}

/** The catalogue in both colour modes and in English and Spanish: one matrix, one picture. */
export const Catalog: Story = {
  parameters: {
    catalog: {
      dimensions: [
        { name: 'colorMode', values: ['dark', 'light'] },
        { name: 'locale', values: ['en', 'es'] },
      ],
    },
  },
  render: (args) => (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
      <SettingsForm {...args} />
      <SettingsForm {...args} settings={[]} isLoading isAdmin={false} />
    </SimpleGrid>
  ),
}
