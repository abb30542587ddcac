import { Portal } from '@chakra-ui/react'
import { createContext, type ReactNode, type RefObject, useContext } from 'react'

/** Where overlays mount: inside the themed root, so dialogs and menus get its colour mode. */
export const PortalRootContext = createContext<RefObject<HTMLDivElement | null> | undefined>(undefined)

export function UiPortal({ children }: { children: ReactNode }) {
  const container = useContext(PortalRootContext)
  return <Portal container={container}>{children}</Portal>
}
