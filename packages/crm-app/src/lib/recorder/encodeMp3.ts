import { Mp3Encoder } from '@breezystack/lamejs'
import { MP3_KBPS } from './rules'

/** Samples per MP3 frame (MPEG-1 layer III). */
const FRAME = 1152

/** Float samples in [-1, 1] to 16-bit PCM, clipping what lies outside. */
export function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length)
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]))
    out[i] = s < 0 ? s * 0x8000 : s * 0x7fff
  }
  return out
}

/** Encodes mono PCM to a constant-bit-rate MP3 (128 kbps by default). */
export function encodeMp3(samples: Float32Array, sampleRate: number, kbps = MP3_KBPS): Uint8Array<ArrayBuffer> {
  const encoder = new Mp3Encoder(1, sampleRate, kbps)
  const pcm = toInt16(samples)
  const chunks: Uint8Array[] = []
  for (let i = 0; i < pcm.length; i += FRAME) {
    const out = encoder.encodeBuffer(pcm.subarray(i, i + FRAME))
    if (out.length) chunks.push(out.slice())
  }
  const end = encoder.flush()
  if (end.length) chunks.push(end.slice())
  const bytes = new Uint8Array(chunks.reduce((sum, c) => sum + c.length, 0))
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.length
  }
  return bytes
}
