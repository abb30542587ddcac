/** Recordings smaller than this are discarded: a tap on the microphone, not a message. */
export const MIN_RECORDING_BYTES = 10_000
/** MP3 bit rate of voice messages, in kbps. */
export const MP3_KBPS = 128
export const RECORDING_FILE_NAME = 'audio.mp3'
export const RECORDING_MIME = 'audio/mpeg'

/** Whether an encoded recording is large enough to send. */
export const isLongEnough = (bytes: number) => bytes >= MIN_RECORDING_BYTES

/** Elapsed time as `mm:ss` (minutes keep counting past 59: `75:00`). */
export function formatElapsed(seconds: number) {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`
}

/** Why a recording could not start, as a locale message id. */
export type RecorderErrorId = 'recorder.denied' | 'recorder.noDevice' | 'recorder.unsupported' | 'recorder.failed'

/** Maps what `getUserMedia` or the encoder threw to what the user is told. */
export function recorderErrorId(error: unknown): RecorderErrorId {
  const name = error instanceof Error || error instanceof DOMException ? error.name : ''
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return 'recorder.denied'
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError')
    return 'recorder.noDevice'
  if (name === 'NotSupportedError' || name === 'TypeError') return 'recorder.unsupported'
  return 'recorder.failed'
}
