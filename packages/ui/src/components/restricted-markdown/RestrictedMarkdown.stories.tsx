import { Box, Stack, Text } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { RestrictedMarkdown } from './RestrictedMarkdown'

const meta = {
  title: 'Components/RestrictedMarkdown',
  component: RestrictedMarkdown,
  args: { children: 'Hello *Ana*, your order _#4512_ ships ~tomorrow~ today. Tracking code: `BR-99812`.' },
  decorators: [
    (Story) => (
      <Box maxWidth="md" padding="4">
        <Story />
      </Box>
    ),
  ],
  tags: ['autodocs'],
} satisfies Meta<typeof RestrictedMarkdown>

export default meta
type Story = StoryObj<typeof meta>

export const Formatting: Story = {
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('strong')).toHaveTextContent('Ana')
    await expect(canvasElement.querySelector('em')).toHaveTextContent('#4512')
    await expect(canvasElement.querySelector('s')).toHaveTextContent('tomorrow')
    await expect(canvasElement.querySelector('code')).toHaveTextContent('BR-99812')
  },
}

export const Links: Story = {
  args: { children: 'Track it at https://example.com/track?id=99812 or www.example.org.' },
  play: async ({ canvasElement }) => {
    const links = within(canvasElement).getAllByRole('link')
    await expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/track?id=99812',
      'https://www.example.org',
    ])
    for (const link of links) {
      await expect(link).toHaveAttribute('target', '_blank')
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    }
  },
}

export const CodeBlock: Story = {
  args: { children: 'Run this:\n```\ncurl -X POST /api/messages\n  -d \'{"body": "*hi*"}\'\n```\nthen reply.' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('pre')).toHaveTextContent('"body": "*hi*"')
    await expect(canvasElement.querySelector('strong')).toBeNull()
  },
}

/** HTML in a message stays text: no element is created from it. */
export const HtmlStaysText: Story = {
  args: { children: 'Nice <img src=x onerror="alert(1)"> and <b>not bold</b> <script>alert(2)</script>' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('img, b, script')).toBeNull()
    await expect(within(canvasElement).getByText(/<img src=x onerror="alert\(1\)">/)).toBeVisible()
  },
}

export const MultiLine: Story = {
  args: { children: '*Ana Souza:*\nGood morning!\nHow can I help you today?' },
}

export const Truncated: Story = {
  args: {
    truncate: true,
    children: '*Ana:* a very long message that goes on and on well past the width of the list column it sits in',
  },
  decorators: [
    (Story) => (
      <Box width="64">
        <Story />
      </Box>
    ),
  ],
}

const SAMPLES = [
  '*bold* _italic_ ~strike~ `code`',
  '*bold with _italic_ inside*',
  'Link: https://example.com and www.example.org',
  '```\nconst total = 2 * 3 * 4\n```',
  '<img src=x onerror="alert(1)"> stays text',
  'snake_case and 2*3*4 stay plain',
]

/** The catalogue in both colour modes: one matrix, one picture. */
export const Catalog: Story = {
  parameters: { catalog: { dimensions: [{ name: 'colorMode', values: ['dark', 'light'] }] } },
  render: () => (
    <Stack gap="3">
      {SAMPLES.map((sample) => (
        <Stack key={sample} gap="1" padding="2" borderWidth="1px" borderRadius="l2">
          <Text textStyle="xs" color="fg.muted" fontFamily="mono" whiteSpace="pre-wrap">
            {sample}
          </Text>
          <RestrictedMarkdown>{sample}</RestrictedMarkdown>
        </Stack>
      ))}
    </Stack>
  ),
}
