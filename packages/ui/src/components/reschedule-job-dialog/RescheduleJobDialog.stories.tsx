import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { RescheduleJobDialog } from './RescheduleJobDialog'

const NOW = Date.parse('2026-01-15T10:30:00Z')
const job = { id: 48, startAt: '2026-01-15T18:00:00.000Z' }

const meta = {
  title: 'Components/RescheduleJobDialog',
  component: RescheduleJobDialog,
  args: { job, onSubmit: fn(), onClose: fn(), now: () => NOW },
  tags: ['autodocs'],
} satisfies Meta<typeof RescheduleJobDialog>

export default meta
type Story = StoryObj<typeof meta>

/** The open dialog, once it has moved the focus inside. */
const dialog = async (canvasElement: HTMLElement) => {
  const element = await within(canvasElement.ownerDocument.body).findByRole('dialog')
  await waitFor(() => expect(element.contains(document.activeElement)).toBe(true))
  return within(element)
}

/** The job's current start, in the browser's local time, fills the field as the desk writes dates. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    const local = new Date(job.startAt)
    const pad = (n: number) => String(n).padStart(2, '0')
    await expect(modal.getByLabelText(/New start/)).toHaveValue(
      `${pad(local.getDate())}/${pad(local.getMonth() + 1)}/${local.getFullYear()} ${pad(local.getHours())}:${pad(local.getMinutes())}`,
    )
  },
}

/** A new local time, typed day first (dd/mm/yyyy hh:mm), goes out as ISO. */
export const Moved: Story = {
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    const field = modal.getByLabelText(/New start/)
    await userEvent.clear(field)
    await userEvent.type(field, '16/01/2026 09:15')
    await expect(field).toHaveValue('16/01/2026 09:15')
    await userEvent.click(modal.getByRole('button', { name: 'Save' }))
    await expect(args.onSubmit).toHaveBeenCalledWith({ startAt: new Date('2026-01-16T09:15').toISOString() })
  },
}

/** A time already past is refused before anything is sent. */
export const InThePast: Story = {
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    const field = modal.getByLabelText(/New start/)
    await userEvent.clear(field)
    await userEvent.type(field, '14/01/2026 09:00')
    await userEvent.click(modal.getByRole('button', { name: 'Save' }))
    await expect(await modal.findByText('Pick a time in the future.')).toBeVisible()
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

/** A day that does not exist is refused with the pattern to type. */
export const NotADate: Story = {
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    const field = modal.getByLabelText(/New start/)
    await userEvent.clear(field)
    await userEvent.type(field, '31022026 0900')
    await expect(field).toHaveValue('31/02/2026 09:00')
    await userEvent.click(modal.getByRole('button', { name: 'Save' }))
    await expect(await modal.findByText('Enter the date and time as dd/mm/yyyy hh:mm')).toBeVisible()
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

/** An empty field is required. */
export const Empty: Story = {
  args: { job: { id: 48, startAt: null } },
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await userEvent.click(modal.getByRole('button', { name: 'Save' }))
    await expect(await modal.findByText('Required')).toBeVisible()
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

/** The job started meanwhile: the server's answer, above the field. */
export const StartedMeanwhile: Story = {
  args: { error: { code: 'ERR_JOB_STATE' } },
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(modal.getByText('This job cannot do that in its current state.')).toBeVisible()
  },
}

export const Submitting: Story = { args: { isSubmitting: true } }

export const Catalog: Story = { args: { error: { code: 'ERR_JOB_STATE' } } }

export const Light: Story = { globals: { colorMode: 'light' } }

export const Spanish: Story = { globals: { locale: 'es' } }
