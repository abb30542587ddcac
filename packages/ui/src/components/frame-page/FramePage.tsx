import { Box, Button, Stack } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { LuBot } from 'react-icons/lu'
import { EmptyState } from '../empty-state/EmptyState'
import { PageContainer, PageHeader } from '../page/Page'

export interface FramePageProps {
  title: string
  /** The address to frame; without one, the empty state shows instead. */
  src: string | null
  /** The frame's height in pixels; three quarters of the window's when absent. */
  height?: number
  /** What the page says when there is no address. */
  emptyTitle?: string
  emptyDescription?: string
  /** A button under the empty state's text (the desk's own Bots page). */
  emptyActionLabel?: string
  onEmptyAction?: () => void
  /** Under the frame (an administrator's address form). */
  children?: ReactNode
}

/**
 * A page that shows another app in a frame (the chatbot app, an external chat), sandboxed: its
 * scripts, forms and pop-ups run on its own origin, never with the desk's.
 */
export function FramePage(props: FramePageProps) {
  const { title, src, height, children } = props
  return (
    <PageContainer>
      <PageHeader title={title} />
      {src ? (
        <Box borderWidth="1px" borderRadius="l3" overflow="hidden" bg="bg">
          <iframe
            src={src}
            title={title}
            width="100%"
            style={{ display: 'block', border: 0, height: height ? `${height}px` : '75vh' }}
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
            referrerPolicy="no-referrer"
          />
        </Box>
      ) : (
        <EmptyState icon={<LuBot />} title={props.emptyTitle} description={props.emptyDescription}>
          {props.emptyActionLabel && props.onEmptyAction && (
            <Button size="sm" onClick={props.onEmptyAction}>
              {props.emptyActionLabel}
            </Button>
          )}
        </EmptyState>
      )}
      {children && <Stack gap="3">{children}</Stack>}
    </PageContainer>
  )
}
