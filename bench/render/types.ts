export interface ScrollFigures {
  /** Time between consecutive animation frames while scrolling, in ms. */
  deltas: number[]
  /** Most rows in the DOM at any frame. */
  maxRows: number
  /** Frames where rows covered less than 90% of the view (drawing lagged behind the scroll). */
  blankFrames: number
  /** Main-thread tasks over 50 ms while scrolling (PerformanceObserver `longtask`), in ms. */
  longTasks: number[]
  distance: number
  scrollHeight: number
}

export interface RenderBenchApi {
  view: 'tickets' | 'messages'
  count: number
  /** Mount to first paint, in ms; set once painted. */
  initialRenderMs?: number
  initialRows?: number
  /** Unmounts the list and mounts it again (styles and code already warm); resolves mount to first paint, in ms. */
  remount(): Promise<number>
  scrollThrough(frames: number, stepPx?: number): Promise<ScrollFigures>
  /** Scrolls `frames` steps of `stepPx` and back to where the list stood, so later passes run warm code. */
  warmUp(frames: number, stepPx: number): Promise<void>
}

declare global {
  interface Window {
    renderBench?: RenderBenchApi
  }
}
