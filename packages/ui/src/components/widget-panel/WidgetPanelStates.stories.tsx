import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect, useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { CONVERSATION } from './fixtures'
import { Stage, StoryPanel, spies } from './story-panel'
import { WidgetPanel } from './WidgetPanel'

/** The panel's other bodies: nobody online, a failure, loading; and every state side by side. */
const meta = {
  title: 'Components/WidgetPanelStates',
  component: WidgetPanel.Root,
  args: { name: 'Acme Store', children: null },
  tags: ['autodocs'],
} satisfies Meta<typeof WidgetPanel.Root>

export default meta
type Story = StoryObj<typeof meta>

/** Nobody is online: leave an e-mail address. A wrong one is refused on the field. */
export const Offline: Story = {
  render: () => (
    <Stage>
      <StoryPanel online={false} body={<WidgetPanel.Offline onSubmit={spies.onSubmit} />} />
    </Stage>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('heading', { name: 'No one is online right now' })).toBeVisible()
    const field = await canvas.findByRole('textbox', { name: /Your e-mail/ })
    await userEvent.type(field, 'ana@')
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }))
    await expect(await canvas.findByText('Invalid email')).toBeVisible()
    await expect(spies.onSubmit).not.toHaveBeenCalled()
    await userEvent.type(field, 'example.com{Enter}')
    await expect(spies.onSubmit).toHaveBeenCalledWith({ email: 'ana@example.com' }, expect.anything())
  },
}

export const OfflineSubmitted: Story = {
  render: () => (
    <Stage>
      <StoryPanel
        online={false}
        body={<WidgetPanel.Offline onSubmit={spies.onSubmit} submitted submittedEmail="ana@example.com" />}
      />
    </Stage>
  ),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(
      "We'll reply to ana@example.com as soon as someone is back.",
    )
  },
}

/** The session could not open: the error code's translation and Retry. */
export const ErrorState: Story = {
  name: 'Error',
  render: () => (
    <Stage>
      <StoryPanel body={<WidgetPanel.Error error={{ code: 'ERR_WIDGET_TOKEN_EXPIRED' }} onRetry={spies.onRetry} />} />
    </Stage>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This sign-in link has expired.')
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }))
    await expect(spies.onRetry).toHaveBeenCalledTimes(1)
  },
}

export const Loading: Story = {
  render: () => (
    <Stage>
      <StoryPanel body={<WidgetPanel.Loading />} />
    </Stage>
  ),
}

/**
 * Opened while the conversation loads: the panel holds the focus (no control to give it to yet), and the
 * message box takes it when it appears; the keyboard never lands outside the panel.
 */
export const OpensWhileLoading: Story = {
  render: function Render() {
    const [ready, setReady] = useState(false)
    useEffect(() => {
      const timer = setTimeout(() => setReady(true), 100)
      return () => clearTimeout(timer)
    }, [])
    return (
      <Stage>
        {ready ? <StoryPanel messages={CONVERSATION.slice(5)} /> : <StoryPanel body={<WidgetPanel.Loading />} />}
      </Stage>
    )
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const box = await canvas.findByRole('textbox', { name: 'Message' })
    await waitFor(() => expect(box).toHaveFocus())
  },
}

/** Light and dark in every language (each cell's region named after its mode: landmarks must differ). */
export const Catalog: Story = {
  parameters: {
    catalog: {
      columns: 3,
      dimensions: [
        { name: 'colorMode', values: ['dark', 'light'] },
        { name: 'locale', values: ['en', 'pt-BR', 'es'] },
      ],
    },
  },
  render: (_args, { globals }) => (
    <Stage>
      <StoryPanel
        variant="inline"
        name={`Acme Store (${globals.colorMode})`}
        messages={CONVERSATION.slice(5, 8)}
        height="440px"
        width="340px"
      />
    </Stage>
  ),
}

export const CatalogOffline: Story = {
  parameters: Catalog.parameters,
  render: (_args, { globals }) => (
    <Stage>
      <StoryPanel
        variant="inline"
        name={`Acme Store (${globals.colorMode})`}
        online={false}
        height="440px"
        width="340px"
        body={<WidgetPanel.Offline onSubmit={spies.onSubmit} />}
      />
    </Stage>
  ),
}
