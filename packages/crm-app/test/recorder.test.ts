import { describe, expect, it } from 'vitest'
import { encodeMp3, toInt16 } from '../src/lib/recorder/encodeMp3'
import { formatElapsed, isLongEnough, MIN_RECORDING_BYTES, recorderErrorId } from '../src/lib/recorder/rules'

const sine = (seconds: number, sampleRate: number, hz = 440) =>
  Float32Array.from(
    { length: Math.round(seconds * sampleRate) },
    (_, i) => 0.5 * Math.sin((2 * Math.PI * hz * i) / sampleRate),
  )

/** The MPEG audio frame headers found by walking the stream frame by frame. */
function frames(bytes: Uint8Array) {
  const found: Array<{ bitrateIndex: number; sampleRateIndex: number }> = []
  let i = 0
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff || (bytes[i + 1] & 0xe0) !== 0xe0) return { found, junkAt: i }
    const bitrateIndex = bytes[i + 2] >> 4
    const sampleRateIndex = (bytes[i + 2] >> 2) & 3
    const padding = (bytes[i + 2] >> 1) & 1
    found.push({ bitrateIndex, sampleRateIndex })
    // MPEG-1 layer III: 144 * bitrate / sample rate (+1 with padding).
    const bitrate = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320][bitrateIndex] * 1000
    const rate = [44100, 48000, 32000][sampleRateIndex]
    i += Math.floor((144 * bitrate) / rate) + padding
  }
  return { found, junkAt: i < bytes.length ? i : -1 }
}

describe('mp3 encoding', () => {
  it('encodes a 2 s sine wave as constant 128 kbps MPEG-1 layer III frames', () => {
    const bytes = encodeMp3(sine(2, 44100), 44100)
    const { found, junkAt } = frames(bytes)
    expect(junkAt).toBe(-1)
    expect(bytes[1] & 0x1e).toBe(0x1a) // MPEG-1, layer III
    expect(new Set(found.map((f) => f.bitrateIndex))).toEqual(new Set([9])) // 128 kbps
    expect(new Set(found.map((f) => f.sampleRateIndex))).toEqual(new Set([0])) // 44.1 kHz
    // 1152 samples a frame: two seconds of audio plus the encoder's delay.
    const seconds = (found.length * 1152) / 44100
    expect(seconds).toBeGreaterThan(1.95)
    expect(seconds).toBeLessThan(2.2)
    expect(bytes.length / seconds).toBeCloseTo(16000, -3)
  })

  it('keeps 48 kHz input at 48 kHz', () => {
    const { found } = frames(encodeMp3(sine(0.5, 48000), 48000))
    expect(found.length).toBeGreaterThan(10)
    expect(found.every((f) => f.sampleRateIndex === 1)).toBe(true)
  })

  it('clips samples outside [-1, 1] instead of wrapping around', () => {
    expect(Array.from(toInt16(Float32Array.from([-2, -1, 0, 1, 2])))).toEqual([-32768, -32768, 0, 32767, 32767])
  })
})

describe('recording rules', () => {
  it('discards recordings under 10000 bytes', () => {
    expect(MIN_RECORDING_BYTES).toBe(10000)
    expect(isLongEnough(9999)).toBe(false)
    expect(isLongEnough(10000)).toBe(true)
    // A tap on the button (a third of a second) comes out too small; a second of speech does not.
    expect(isLongEnough(encodeMp3(sine(0.3, 44100), 44100).length)).toBe(false)
    expect(isLongEnough(encodeMp3(sine(1, 44100), 44100).length)).toBe(true)
  })

  it('formats the running time as mm:ss', () => {
    expect(formatElapsed(0)).toBe('00:00')
    expect(formatElapsed(9.9)).toBe('00:09')
    expect(formatElapsed(61)).toBe('01:01')
    expect(formatElapsed(3599)).toBe('59:59')
    expect(formatElapsed(4500)).toBe('75:00')
    expect(formatElapsed(-3)).toBe('00:00')
    expect(formatElapsed(Number.NaN)).toBe('00:00')
  })

  it('tells a refused microphone from a missing one', () => {
    expect(recorderErrorId(new DOMException('no', 'NotAllowedError'))).toBe('recorder.denied')
    expect(recorderErrorId(new DOMException('no', 'NotFoundError'))).toBe('recorder.noDevice')
    expect(recorderErrorId(new DOMException('no', 'NotSupportedError'))).toBe('recorder.unsupported')
    expect(recorderErrorId(new Error('boom'))).toBe('recorder.failed')
  })
})
