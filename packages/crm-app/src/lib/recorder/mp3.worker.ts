/// <reference lib="webworker" />
import { encodeMp3 } from './encodeMp3'

/** Encodes off the main thread: `{samples, sampleRate}` in, the MP3 bytes (transferred) out. */
self.onmessage = (event: MessageEvent<{ samples: Float32Array; sampleRate: number }>) => {
  try {
    const bytes = encodeMp3(event.data.samples, event.data.sampleRate)
    self.postMessage({ bytes }, { transfer: [bytes.buffer] })
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.message : String(error) })
  }
}
