import type {
  AnyMessageContent,
  BaileysEventMap,
  MiscMessageGenerationOptions,
  WAMessage,
  WAMessageKey,
} from '@whiskeysockets/baileys'
import type { WebGroupSocket } from './groups'

/**
 * The part of the web client's socket the driver uses. The real one comes from
 * @whiskeysockets/baileys, imported only when a session starts, so the server boots (and
 * its tests run) without it ever touching the network.
 */
export interface WebSocketLike extends WebGroupSocket {
  ev: { on<E extends keyof BaileysEventMap>(event: E, listener: (arg: BaileysEventMap[E]) => void): void }
  sendMessage(
    jid: string,
    content: AnyMessageContent,
    options?: MiscMessageGenerationOptions,
  ): Promise<WAMessage | undefined>
  readMessages(keys: WAMessageKey[]): Promise<void>
  onWhatsApp(...jids: string[]): Promise<Array<{ jid: string; exists: boolean }> | undefined>
  /** A group's details (its subject is the name members see). */
  groupMetadata?(jid: string): Promise<{ subject?: string | null }>
  logout(message?: string): Promise<void>
  end(error: Error | undefined): unknown
}

export interface WebConnection {
  socket: WebSocketLike
  /** Downloads and decrypts a received message's media. */
  download(message: WAMessage): Promise<Buffer>
}

/** Opens a socket with the pairing kept in `authDir`. */
export type WebConnector = (options: { authDir: string }) => Promise<WebConnection>

export interface WebSessionOptions {
  connector?: WebConnector
  /** QR codes shown before the session gives up with TIMEOUT (default 5). */
  maxQrCodes?: number
  /** First wait before reconnecting a dropped session; doubles up to a minute (default 1 s). */
  reconnectDelayMs?: number
  log?: (error: unknown, message: string) => void
}

const silentLogger = {
  level: 'silent',
  child: () => silentLogger,
  trace: () => {},
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
}

/** The real connector: @whiskeysockets/baileys with multi-file auth state. */
export const baileysConnector: WebConnector = async ({ authDir }) => {
  const baileys = await import('@whiskeysockets/baileys')
  const { state, saveCreds } = await baileys.useMultiFileAuthState(authDir)
  const socket = baileys.makeWASocket({
    auth: state,
    logger: silentLogger,
    browser: baileys.Browsers.ubuntu('LimeDesk'),
    markOnlineOnConnect: false,
    syncFullHistory: false,
  })
  socket.ev.on('creds.update', saveCreds)
  return {
    socket,
    download: (message) =>
      baileys.downloadMediaMessage(
        message,
        'buffer',
        {},
        { logger: silentLogger, reuploadRequest: socket.updateMediaMessage },
      ),
  }
}
