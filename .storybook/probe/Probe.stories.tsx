import type { Meta, StoryObj } from '@storybook/react-vite'
import { DateTime } from 'luxon'
import { HttpResponse, http } from 'msw'
import { useEffect, useState } from 'react'
import { expect } from 'storybook/test'

function Probe({ label }: { label: string }) {
  const [greeting, setGreeting] = useState<string | null>(null)
  useEffect(() => {
    fetch('/api/probe')
      .then((r) => r.json())
      .then((body: { greeting: string }) => setGreeting(body.greeting))
  }, [])
  return (
    <main style={{ padding: 16, fontFamily: 'sans-serif' }}>
      <h1>{label}</h1>
      <p>Now: {DateTime.now().toISO()}</p>
      <p>{greeting ?? 'Loading…'}</p>
      <button type="button">Press</button>
    </main>
  )
}

const meta = {
  title: 'Probe/Probe',
  component: Probe,
  args: { label: 'Pipeline probe' },
  parameters: { msw: { handlers: [http.get('/api/probe', () => HttpResponse.json({ greeting: 'Hello from msw' }))] } },
} satisfies Meta<typeof Probe>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Hello from msw')).toBeVisible()
    await expect(canvas.getByText('Now: 2026-01-15T10:30:00.000Z')).toBeVisible()
  },
}
