import { Button, HStack } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { Toaster } from './Toaster'
import { toaster } from './toaster'
import { useNotify } from './useNotify'

/** Buttons that raise toasts the way pages do. UiProvider already renders the Toaster. */
function NotifyDemo() {
  const notify = useNotify()
  useEffect(() => {
    toaster.remove()
    return () => {
      toaster.remove()
    }
  }, [])
  return (
    <HStack wrap="wrap">
      <Button onClick={() => notify.success('toasts.userSaved')}>User saved</Button>
      <Button colorPalette="red" onClick={() => notify.error({ code: 'ERR_NO_PERMISSION' })}>
        Known code
      </Button>
      <Button
        colorPalette="red"
        onClick={() => notify.error({ code: 'ERR_FROM_A_NEWER_SERVER', message: 'Disk full' })}
      >
        Unknown code
      </Button>
      <Button colorPalette="red" onClick={() => notify.error({})}>
        No details
      </Button>
    </HStack>
  )
}

const meta = {
  title: 'Components/Toaster',
  component: Toaster,
  render: () => <NotifyDemo />,
  tags: ['autodocs'],
} satisfies Meta<typeof Toaster>

export default meta
type Story = StoryObj<typeof meta>

export const Success: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'User saved' }))
    const body = within(canvasElement.ownerDocument.body)
    await waitFor(() => expect(body.getByText('User saved successfully!')).toBeVisible())
  },
}

/** The same error code twice gives one toast, not two. */
export const OnePerErrorCode: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body)
    const button = within(canvasElement).getByRole('button', { name: 'Known code' })
    await userEvent.click(button)
    await userEvent.click(button)
    await body.findByText("You don't have permission to do this.")
    await waitFor(() => expect(body.getAllByText("You don't have permission to do this.")).toHaveLength(1))
  },
}

export const UnknownCodeShowsServerText: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Unknown code' }))
    const body = within(canvasElement.ownerDocument.body)
    await waitFor(() => expect(body.getByText('Disk full')).toBeVisible())
  },
}

export const NothingKnown: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'No details' }))
    const body = within(canvasElement.ownerDocument.body)
    await waitFor(() => expect(body.getByText('An error occurred!')).toBeVisible())
  },
}

export const Catalog: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    for (const name of ['User saved', 'Known code', 'Unknown code', 'No details']) {
      await userEvent.click(canvas.getByRole('button', { name }))
    }
    await within(canvasElement.ownerDocument.body).findByText('An error occurred!')
  },
}

export const Light: Story = {
  ...Catalog,
  globals: { colorMode: 'light' },
}
