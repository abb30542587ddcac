import { useCallback, useEffect, useRef, useState } from 'react'
import { recordingToMp3 } from './encode'
import { isLongEnough, RECORDING_FILE_NAME, RECORDING_MIME, type RecorderErrorId, recorderErrorId } from './rules'

export type RecorderStatus = 'idle' | 'requesting' | 'recording' | 'encoding'
/** What the user is told when a recording ends without a file; locale message ids. */
export type RecorderNotice = RecorderErrorId | 'recorder.tooShort'

export interface UseRecorderOptions {
  /** A refused microphone, no device, a failed encoding, or a recording too short to send. */
  onNotice?: (notice: RecorderNotice) => void
}

interface Session {
  stream: MediaStream
  recorder: MediaRecorder
  chunks: Blob[]
  timer: ReturnType<typeof setInterval>
}

/**
 * Voice messages: `start()` asks for the microphone and records, `seconds` runs while it does,
 * `cancel()` throws the recording away, and `stop()` encodes it to a 128 kbps `audio.mp3` File
 * (null when it was refused, failed or came out under 10,000 bytes, after telling `onNotice`).
 */
export function useRecorder({ onNotice }: UseRecorderOptions = {}) {
  const [status, setStatus] = useState<RecorderStatus>('idle')
  const [seconds, setSeconds] = useState(0)
  const session = useRef<Session | null>(null)
  const notice = useRef(onNotice)
  notice.current = onNotice

  const end = useCallback(() => {
    const current = session.current
    session.current = null
    if (!current) return
    clearInterval(current.timer)
    if (current.recorder.state !== 'inactive') current.recorder.stop()
    for (const track of current.stream.getTracks()) track.stop()
  }, [])
  useEffect(() => end, [end])

  const start = useCallback(async () => {
    if (session.current) return true
    setStatus('requesting')
    try {
      // The MP3 encoder runs in a Worker only, so a browser without Workers cannot record either.
      if (
        !navigator.mediaDevices?.getUserMedia ||
        typeof MediaRecorder === 'undefined' ||
        typeof Worker === 'undefined'
      )
        throw new DOMException('recording is not supported', 'NotSupportedError')
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true })
      const recorder = new MediaRecorder(stream)
      const chunks: Blob[] = []
      recorder.ondataavailable = (event) => {
        if (event.data.size) chunks.push(event.data)
      }
      const startedAt = Date.now()
      const timer = setInterval(() => setSeconds(Math.floor((Date.now() - startedAt) / 1000)), 250)
      session.current = { stream, recorder, chunks, timer }
      recorder.start()
      setSeconds(0)
      setStatus('recording')
      return true
    } catch (error) {
      setStatus('idle')
      notice.current?.(recorderErrorId(error))
      return false
    }
  }, [])

  const cancel = useCallback(() => {
    end()
    setStatus('idle')
    setSeconds(0)
  }, [end])

  const stop = useCallback(async (): Promise<File | null> => {
    const current = session.current
    if (!current) return null
    setStatus('encoding')
    const stopped = new Promise<void>((resolve) => current.recorder.addEventListener('stop', () => resolve()))
    end()
    try {
      await stopped
      const recorded = new Blob(current.chunks, { type: current.recorder.mimeType })
      const bytes = recorded.size ? await recordingToMp3(recorded) : new Uint8Array()
      if (!isLongEnough(bytes.length)) {
        notice.current?.('recorder.tooShort')
        return null
      }
      return new File([bytes], RECORDING_FILE_NAME, { type: RECORDING_MIME })
    } catch {
      notice.current?.('recorder.failed')
      return null
    } finally {
      setStatus('idle')
      setSeconds(0)
    }
  }, [end])

  return { status, isRecording: status === 'recording' || status === 'encoding', seconds, start, stop, cancel }
}
