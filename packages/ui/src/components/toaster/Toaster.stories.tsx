import { Button, HStack, Stack } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { AppShell } from '../app-shell/AppShell'
import { exampleNav } from '../app-shell/fixtures'
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

const ROWS = Array.from({ length: 16 }, (_, i) => `Ticket ${i + 1}`)
const ignore = () => undefined

/** A desk page: the shell's menu, the top bar and a list of rows down the whole page. */
function DeskDemo() {
  return (
    <AppShell
      currentPath="/tickets"
      onNavigate={ignore}
      nav={exampleNav(true)}
      userName="Ana Souza"
      locale="en"
      onLocaleChange={ignore}
      colorMode="dark"
      onColorModeChange={ignore}
      onProfile={ignore}
      onOpenPalette={ignore}
      paletteShortcut="Ctrl+K"
      onLogout={ignore}
    >
      <Stack padding="4" gap="2">
        <NotifyDemo />
        {ROWS.map((row) => (
          <Button key={row} variant="outline" colorPalette="gray" justifyContent="start">
            {row}
          </Button>
        ))}
      </Stack>
    </AppShell>
  )
}

const overlaps = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom

/** Raises a toast and returns the labels of the controls on the page it lies over. */
const coveredControls = async (canvasElement: HTMLElement, exempt: (control: HTMLElement) => boolean) => {
  const canvas = within(canvasElement)
  await userEvent.click(canvas.getByRole('button', { name: 'User saved' }))
  const text = await within(canvasElement.ownerDocument.body).findByText('User saved successfully!')
  const toast = text.closest<HTMLElement>('[data-part="root"]') ?? text
  await waitFor(() => expect(toast).toBeVisible())
  const box = toast.getBoundingClientRect()
  const controls = ['link', 'button', 'combobox'].flatMap((role) => canvas.queryAllByRole(role))
  return controls
    .filter((control) => !toast.contains(control) && !exempt(control) && overlaps(box, control.getBoundingClientRect()))
    .map((control) => control.getAttribute('aria-label') ?? control.textContent)
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

/** At 1440 px the toast sits in the top bar's empty middle: no menu entry, list row or top-bar button under it. */
export const CoversNothingOnDesktop: Story = {
  render: () => <DeskDemo />,
  parameters: { layout: 'fullscreen' },
  globals: { viewport: { value: 'wide' } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.ownerDocument.documentElement.clientWidth).toBe(1440)
    await expect(await coveredControls(canvasElement, () => false)).toEqual([])
  },
}

/** At 390 px it covers the top bar's title, never the menu button, the list rows or anything below the bar. */
export const CoversNothingOnPhone: Story = {
  render: () => <DeskDemo />,
  parameters: { layout: 'fullscreen' },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    const inTopBar = (control: HTMLElement) =>
      Boolean(control.closest('header')) && control.getAttribute('aria-label') !== 'Open menu'
    await expect(await coveredControls(canvasElement, inTopBar)).toEqual([])
  },
}
