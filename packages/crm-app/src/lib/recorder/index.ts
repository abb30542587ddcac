export { formatElapsed, isLongEnough, MIN_RECORDING_BYTES, MP3_KBPS } from './rules'
export { type RecorderNotice, type RecorderStatus, type UseRecorderOptions, useRecorder } from './useRecorder'
