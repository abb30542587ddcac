import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { UiProvider } from '../../provider/UiProvider'
import { QUICK_ANSWERS } from './fixtures'
import { WidgetPanel } from './WidgetPanel'
import type { WidgetPanelComposerProps } from './WidgetPanelComposer'

function Composer(props: Partial<WidgetPanelComposerProps> & { onSend: (text: string) => void }) {
  const [value, setValue] = useState('')
  return <WidgetPanel.Composer value={value} onChange={setValue} {...props} />
}

const renderComposer = (props: Partial<WidgetPanelComposerProps> = {}) => {
  const onSend = vi.fn()
  const onClose = vi.fn()
  render(
    <UiProvider>
      <WidgetPanel.Root name="Acme Store" onClose={onClose}>
        <Composer onSend={onSend} {...props} />
      </WidgetPanel.Root>
    </UiProvider>,
  )
  const box = screen.getByRole('textbox', { name: 'Message' })
  const type = (text: string) => fireEvent.change(box, { target: { value: text } })
  const key = (name: string, init: KeyboardEventInit = {}) => fireEvent.keyDown(box, { key: name, ...init })
  return { onSend, onClose, box, type, key }
}

describe('WidgetPanel.Composer', () => {
  it('sends on Enter and keeps Shift+Enter for a new line', () => {
    const { onSend, type, key } = renderComposer()
    type('Hello')
    key('Enter', { shiftKey: true })
    expect(onSend).not.toHaveBeenCalled()
    type('Hello\nthere')
    key('Enter')
    expect(onSend).toHaveBeenCalledWith('Hello\nthere')
  })

  it('sends nothing made only of spaces, nor while a message is on its way', () => {
    const { onSend, type, key } = renderComposer()
    type('   ')
    key('Enter')
    expect(onSend).not.toHaveBeenCalled()
    const sending = renderComposerAgain({ sending: true })
    sending.type('Hi')
    sending.key('Enter')
    expect(sending.onSend).not.toHaveBeenCalled()
  })

  it('opens the quick answers on /, moves with the arrows, picks with Enter without sending', async () => {
    const onQuickAnswerSearch = vi.fn()
    const onQuickAnswerPick = vi.fn()
    const { onSend, box, type, key } = renderComposer({
      quickAnswers: QUICK_ANSWERS,
      onQuickAnswerSearch,
      onQuickAnswerPick,
    })
    type('/')
    expect(onQuickAnswerSearch).toHaveBeenLastCalledWith('')
    // The list is loaded when it first opens.
    expect(await screen.findAllByRole('option')).toHaveLength(3)
    type('/t')
    expect(onQuickAnswerSearch).toHaveBeenLastCalledWith('t')
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      '/greetingHello! How can I help you today?',
      '/trackingYour tracking code is on its way by e-mail.',
    ])
    key('ArrowDown')
    expect(screen.getByRole('option', { selected: true }).textContent).toContain('/tracking')
    key('ArrowDown')
    expect(screen.getByRole('option', { selected: true }).textContent).toContain('/greeting')
    key('ArrowUp')
    key('Enter')
    expect((box as HTMLTextAreaElement).value).toBe('Your tracking code is on its way by e-mail.')
    expect(onQuickAnswerPick).toHaveBeenCalledWith(QUICK_ANSWERS[1])
    expect(onSend).not.toHaveBeenCalled()
    expect(screen.queryByRole('listbox')).toBeNull()
  })

  it('closes the quick answers on Esc without closing the panel; a second Esc closes the panel', async () => {
    const { onClose, type, key } = renderComposer({ quickAnswers: QUICK_ANSWERS })
    type('/g')
    expect(await screen.findByRole('listbox', { name: 'Quick answers' })).not.toBeNull()
    key('Escape')
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(onClose).not.toHaveBeenCalled()
    key('Escape')
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('shows a read-only notice instead of the input when the reader may not reply', () => {
    render(
      <UiProvider>
        <WidgetPanel.Composer value="" onChange={() => {}} onSend={() => {}} canReply={false} />
      </UiProvider>,
    )
    expect(screen.queryByRole('textbox')).toBeNull()
    expect(screen.getByRole('status').textContent).toBe('Only the agent this ticket is assigned to can reply here.')
  })
})

/** A second composer in the same test, found by its own box. */
function renderComposerAgain(props: Partial<WidgetPanelComposerProps>) {
  const onSend = vi.fn()
  const { container } = render(
    <UiProvider>
      <Composer onSend={onSend} {...props} />
    </UiProvider>,
  )
  const box = container.querySelector('textarea') as HTMLTextAreaElement
  return {
    onSend,
    type: (text: string) => fireEvent.change(box, { target: { value: text } }),
    key: (name: string) => fireEvent.keyDown(box, { key: name }),
  }
}
