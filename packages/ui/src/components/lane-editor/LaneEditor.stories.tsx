import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test'
import { sampleLanes } from '../kanban-card/fixtures'
import { LaneEditor, type LaneEditorMode, type LaneEditorProps } from './LaneEditor'

const queues = [
  { id: 1, name: 'Sales' },
  { id: 2, name: 'Support' },
]
const quickAnswers = [{ id: 4, name: '/followup' }]

/** The editor with its mode in state, as the page holds it. */
function Stateful(props: LaneEditorProps) {
  const [mode, setMode] = useState<LaneEditorMode>(props.mode)
  return (
    <LaneEditor
      {...props}
      mode={mode}
      onModeChange={(m) => {
        props.onModeChange(m)
        setMode(m)
      }}
    />
  )
}

const meta = {
  title: 'Components/LaneEditor',
  component: LaneEditor,
  args: {
    open: true,
    onClose: fn(),
    lanes: sampleLanes,
    queues,
    quickAnswers,
    mode: { kind: 'list' },
    onModeChange: fn(),
    onSave: fn(),
    onDelete: fn(),
    onReorder: fn(),
  },
  render: (args) => <Stateful {...args} />,
  tags: ['autodocs'],
} satisfies Meta<typeof LaneEditor>

export default meta
type Story = StoryObj<typeof meta>

/** The lanes in order; ↑/↓ reorder them. */
export const Reorder: Story = {
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog'))
    await expect(dialog.getAllByRole('listitem')).toHaveLength(3)
    await expect(dialog.getByRole('button', { name: 'Move New up' })).toBeDisabled()
    await userEvent.click(dialog.getByRole('button', { name: 'Move New down' }))
    await expect(args.onReorder).toHaveBeenCalledWith([2, 1, 3])
  },
}

/** Keyboard drag on a row's handle: Space, ↓, Space. */
export const ReorderByKeyboard: Story = {
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog'))
    dialog.getByRole('button', { name: 'Drag to reorder New' }).focus()
    await userEvent.keyboard(' ')
    await userEvent.keyboard('{ArrowDown}')
    await userEvent.keyboard(' ')
    await waitFor(() => expect(args.onReorder).toHaveBeenCalledWith([2, 1, 3]))
  },
}

/** Add: the form with colour and entry actions. */
export const Add: Story = {
  play: async ({ args }) => {
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Add lane' }))
    const form = within(await screen.findByRole('dialog', { name: 'Add lane' }))
    await userEvent.type(form.getByRole('textbox', { name: /Name/ }), 'Escalated')
    await userEvent.selectOptions(form.getByRole('combobox', { name: /move it to the queue/ }), 'Support')
    await userEvent.click(form.getByRole('button', { name: 'Add' }))
    await waitFor(() =>
      expect(args.onSave).toHaveBeenCalledWith(
        { title: 'Escalated', color: '#84cc16', entryQueueId: 2, entryQuickAnswerId: null },
        null,
      ),
    )
  },
}

/** Edit: the form filled in with the lane. */
export const Edit: Story = {
  args: { mode: { kind: 'form', lane: sampleLanes[2]! } },
  play: async () => {
    const form = within(await screen.findByRole('dialog', { name: 'Edit lane' }))
    await expect(form.getByRole('textbox', { name: /Name/ })).toHaveValue('Waiting on customer')
    await expect(form.getByRole('combobox', { name: /send the quick answer/ })).toHaveValue('4')
  },
}

/** Delete asks first; the server's refusal shows in the list. */
export const Delete: Story = {
  play: async ({ args }) => {
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete New' }))
    const confirm = within(await screen.findByRole('alertdialog'))
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }))
    await expect(args.onDelete).toHaveBeenCalledWith(sampleLanes[0])
  },
}

export const NotEmptyError: Story = {
  args: { error: { code: 'ERR_LANE_NOT_EMPTY' } },
  play: async () => {
    await expect(await screen.findByText(/Only an empty lane can be deleted: move/)).toBeVisible()
  },
}

/**
 * The form's search over the quick answers: each keystroke goes to the page, which asks the server and
 * hands back what it found, with the lane's own answer first.
 */
export const SearchQuickAnswers: Story = {
  args: {
    mode: { kind: 'form', lane: { ...sampleLanes[1]!, entryQuickAnswerId: 4 } },
    quickAnswerSearch: 'ho',
    quickAnswers: [
      { id: 4, name: '/followup' },
      { id: 7, name: '/hours' },
    ],
    onQuickAnswerSearch: fn(),
  },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit lane' }))
    const search = dialog.getByRole('searchbox', { name: 'Search quick answers' })
    await expect(search).toHaveValue('ho')
    await userEvent.type(search, 'u')
    await expect(args.onQuickAnswerSearch).toHaveBeenCalledWith('hou')
    const select = dialog.getByRole('combobox', { name: /send the quick answer/ })
    await expect(select).toHaveValue('4')
    await expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None', '/followup', '/hours'])
  },
}
