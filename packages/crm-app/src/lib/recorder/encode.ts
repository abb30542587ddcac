/** Downmixes decoded audio to one channel. */
export function toMono(buffer: AudioBuffer): Float32Array {
  if (buffer.numberOfChannels === 1) return buffer.getChannelData(0)
  const out = new Float32Array(buffer.length)
  for (let c = 0; c < buffer.numberOfChannels; c++) {
    const data = buffer.getChannelData(c)
    for (let i = 0; i < out.length; i++) out[i] += data[i] / buffer.numberOfChannels
  }
  return out
}

/**
 * Encodes mono PCM to MP3 in a Worker, so a long recording does not freeze the page; the encoder is
 * only downloaded then, and only into the worker: the page itself never carries it. (`useRecorder`
 * does not start a recording where Workers are missing.)
 */
export async function encodeMp3InBackground(
  samples: Float32Array,
  sampleRate: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const worker = new Worker(new URL('./mp3.worker.ts', import.meta.url), { type: 'module' })
  try {
    return await new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<{ bytes?: Uint8Array<ArrayBuffer>; error?: string }>) =>
        event.data.bytes ? resolve(event.data.bytes) : reject(new Error(event.data.error ?? 'encoding failed'))
      worker.onerror = (event) => reject(new Error(event.message || 'encoding failed'))
      worker.postMessage({ samples, sampleRate }, [samples.buffer])
    })
  } finally {
    worker.terminate()
  }
}

/** Decodes what MediaRecorder captured (webm/ogg/mp4) and re-encodes it as MP3. */
export async function recordingToMp3(recorded: Blob): Promise<Uint8Array<ArrayBuffer>> {
  const context = new AudioContext()
  try {
    const decoded = await context.decodeAudioData(await recorded.arrayBuffer())
    // A copy: the worker takes the samples' buffer, which must not be the AudioBuffer's own.
    return await encodeMp3InBackground(toMono(decoded).slice(), decoded.sampleRate)
  } finally {
    void context.close()
  }
}
