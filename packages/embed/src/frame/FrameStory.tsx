import { WIDGET_CONNECTION_ID } from '@desk/api-client/mocks'
import { messagesFor } from '@desk/ui'
import { type ReactNode, useEffect, useState } from 'react'
import { FrameApp } from './App'
import { laterLeftOut, loadFrameMessages } from './i18n'
import { loadLaterMessages } from './laterMessages'
import { createWidgetApi } from './model/api'
import type { WidgetSocket } from './model/state'
import { createVisitorStorage } from './model/storage'
import { createWidgetStore } from './model/store'

/** A socket that never connects: the stories' desk (msw) answers over HTTP only. */
const quietSocket: WidgetSocket = { on: () => undefined, disconnect: () => undefined }

export interface FrameStoryProps {
  locale?: 'en' | 'pt-BR' | 'es'
  variant?: 'floating' | 'inline'
  /** A partner token (`WIDGET_TOKENS`). */
  token?: string | null
}

/** The frame app against the mock desk (msw), as the iframe runs it, in a panel-sized box. */
export function FrameStory({ locale = 'en', variant = 'floating', token = null }: FrameStoryProps) {
  const [store] = useState(() =>
    createWidgetStore(
      {
        api: createWidgetApi(location.origin, WIDGET_CONNECTION_ID),
        storage: createVisitorStorage(WIDGET_CONNECTION_ID, null),
        connect: () => quietSocket,
        post: () => undefined,
        isVisible: () => true,
      },
      { locale, open: true, token },
    ),
  )
  useEffect(() => {
    void store.start()
    return () => store.stop()
  }, [store])
  const messages = laterLeftOut(messagesFor(locale))
  return (
    <Box>
      <FrameApp
        store={store}
        variant={variant}
        loadMessages={loadFrameMessages}
        initialMessages={messages}
        loadLaterMessages={loadLaterMessages}
      />
    </Box>
  )
}

const Box = ({ children }: { children: ReactNode }) => <div style={{ width: 380, height: 600 }}>{children}</div>
