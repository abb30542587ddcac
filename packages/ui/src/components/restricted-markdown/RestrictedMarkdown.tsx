import { Box, chakra, Link } from '@chakra-ui/react'
import { type ReactNode, useMemo } from 'react'
import { type MdNode, tokenize } from './internal/tokenize'

const Code = chakra('code', {
  base: { fontFamily: 'mono', fontSize: '0.85em', bg: 'bg.emphasized', borderRadius: 'l1', paddingInline: '1' },
})

export interface RestrictedMarkdownProps {
  /** The message text. It is always shown as text: HTML in it is never rendered. */
  children: string
  /** One line cut with an ellipsis, for list previews: code blocks show inline and links as plain text. */
  truncate?: boolean
}

/** *bold*, _italic_, ~strike~, `code`, ```code blocks``` and links that open in a new tab. */
export function RestrictedMarkdown({ children, truncate }: RestrictedMarkdownProps) {
  const nodes = useMemo(() => tokenize(children), [children])
  return (
    <Box
      as="span"
      display="block"
      whiteSpace={truncate ? 'nowrap' : 'pre-wrap'}
      overflowWrap="anywhere"
      truncate={truncate}
      minWidth="0"
    >
      {render(nodes, truncate)}
    </Box>
  )
}

function render(nodes: MdNode[], inline?: boolean): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.type) {
      case 'text':
        return node.value
      case 'bold':
        return <strong key={i}>{render(node.children, inline)}</strong>
      case 'italic':
        return <em key={i}>{render(node.children, inline)}</em>
      case 'strike':
        return <s key={i}>{render(node.children, inline)}</s>
      case 'code':
        return <Code key={i}>{node.value}</Code>
      case 'codeBlock':
        return inline ? (
          <Code key={i}>{node.value}</Code>
        ) : (
          <Box as="pre" key={i} marginBlock="1" padding="2" borderRadius="l1" bg="bg.emphasized" overflowX="auto">
            <Code bg="transparent" padding="0" whiteSpace="pre">
              {node.value}
            </Code>
          </Box>
        )
      case 'link':
        // A one-line preview sits inside a clickable row: its links read as text there.
        if (inline) return node.value
        return (
          <Link key={i} href={node.href} target="_blank" rel="noopener noreferrer" variant="underline" color="fg">
            {node.value}
          </Link>
        )
      default:
        return null
    }
  })
}
