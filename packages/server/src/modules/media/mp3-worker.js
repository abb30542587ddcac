// @ts-check
// Runs in a worker thread (plain JavaScript, so it loads without the TypeScript loader): decodes
// the Ogg/Opus file it is given and answers `{ mp3 }` or `{ error }`.
import { parentPort, workerData } from 'node:worker_threads'
import { Mp3Encoder } from '@breezystack/lamejs'
import { OggOpusDecoder } from 'ogg-opus-decoder'

/** Opus always decodes at 48 kHz, which MPEG-1 layer III encodes as is. */
const SAMPLE_RATE = 48_000
/** Samples per MP3 frame (MPEG-1 layer III). */
const FRAME = 1152
/** Ogg bytes decoded at a time, so a long note never holds all its samples at once. */
const CHUNK = 64 * 1024

/** @param {Float32Array} samples Float samples in [-1, 1] to 16-bit PCM, clipping what lies outside. */
const toInt16 = (samples) => {
  const out = new Int16Array(samples.length)
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0))
    out[i] = s < 0 ? s * 0x8000 : s * 0x7fff
  }
  return out
}

/**
 * Mono stays mono; stereo and more become stereo.
 * @param {Uint8Array} ogg
 * @param {number} kbps
 */
const convert = async (ogg, kbps) => {
  const decoder = new OggOpusDecoder()
  /** @type {Buffer[]} */
  const parts = []
  /** @type {Mp3Encoder | undefined} */
  let encoder
  let channels = 1
  let samples = 0
  /** @param {Uint8Array} mp3 lamejs may reuse its output buffer: each part is copied out at once. */
  const keep = (mp3) => {
    if (mp3.length) parts.push(Buffer.from(new Uint8Array(mp3.buffer, mp3.byteOffset, mp3.byteLength)))
  }
  /** @param {{ channelData: Float32Array[], samplesDecoded: number }} decoded */
  const encode = ({ channelData, samplesDecoded }) => {
    const [first, second] = channelData
    if (!samplesDecoded || !first) return
    if (!encoder) {
      channels = second ? 2 : 1
      encoder = new Mp3Encoder(channels, SAMPLE_RATE, kbps)
    }
    const left = toInt16(first)
    const right = channels === 2 ? toInt16(second ?? first) : undefined
    for (let i = 0; i < left.length; i += FRAME) {
      keep(encoder.encodeBuffer(left.subarray(i, i + FRAME), right?.subarray(i, i + FRAME)))
    }
    samples += samplesDecoded
  }
  try {
    await decoder.ready
    // `decode` and `flush` answer promises, whatever the package's types say.
    for (let offset = 0; offset < ogg.length; offset += CHUNK)
      encode(await decoder.decode(ogg.subarray(offset, offset + CHUNK)))
    encode(await decoder.flush())
  } finally {
    decoder.free()
  }
  if (!encoder || samples === 0) throw new Error('No Opus audio found in the file')
  keep(encoder.flush())
  return Buffer.concat(parts)
}

const { ogg, kbps } = workerData
try {
  parentPort?.postMessage({ mp3: await convert(ogg, kbps) })
} catch (error) {
  parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) })
}
