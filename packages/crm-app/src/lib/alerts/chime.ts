/** How long after a chime the next one stays quiet: a burst of new tickets (or a reconnect's catch-up) rings once. */
export const CHIME_BURST_MS = 4000

type AudioContextLike = Pick<AudioContext, 'state' | 'currentTime' | 'destination' | 'resume'> & {
  createOscillator: () => OscillatorNode
  createGain: () => GainNode
}

export interface ChimeOptions {
  /** The browser's AudioContext (absent where there is none). */
  AudioContext?: new () => AudioContextLike
  now?: () => number
}

/** Two short notes, a fifth apart, made on the spot with the Web Audio API: no sound file to ship. */
const NOTES = [
  { frequency: 880, start: 0, length: 0.12 },
  { frequency: 1320, start: 0.1, length: 0.18 },
] as const

/**
 * The new-ticket chime. Browsers let a page play sound only after the user has interacted with it:
 * the audio context is made on the first interaction (`unlock`), and until then a chime is skipped
 * without a word. At most one chime rings within `CHIME_BURST_MS`.
 */
export function createChime({ AudioContext, now = () => Date.now() }: ChimeOptions) {
  let context: AudioContextLike | null = null
  let lastAt = Number.NEGATIVE_INFINITY

  const ring = (audio: AudioContextLike) => {
    const t0 = audio.currentTime
    for (const note of NOTES) {
      const oscillator = audio.createOscillator()
      const gain = audio.createGain()
      oscillator.type = 'sine'
      oscillator.frequency.value = note.frequency
      gain.gain.setValueAtTime(0.0001, t0 + note.start)
      gain.gain.exponentialRampToValueAtTime(0.2, t0 + note.start + 0.02)
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + note.start + note.length)
      oscillator.connect(gain)
      gain.connect(audio.destination)
      oscillator.start(t0 + note.start)
      oscillator.stop(t0 + note.start + note.length + 0.02)
    }
  }

  return {
    /** Call from a user interaction: makes (or wakes) the audio context while the browser allows it. */
    unlock() {
      if (!AudioContext) return
      try {
        context ??= new AudioContext()
        if (context.state === 'suspended') context.resume().catch(() => undefined)
      } catch {
        context = null
      }
    },
    /** Rings unless one rang within the burst window; returns whether it rang. */
    play(): boolean {
      const at = now()
      if (at - lastAt < CHIME_BURST_MS) return false
      lastAt = at
      if (context?.state !== 'running') return false
      try {
        ring(context)
        return true
      } catch {
        return false
      }
    },
  }
}

export type Chime = ReturnType<typeof createChime>
