export interface ScrollFigures {
  /** Time between consecutive animation frames while scrolling, in ms. */
  deltas: number[]
  /** Most rows in the DOM at any frame. */
  maxRows: number
  distance: number
  scrollHeight: number
}

export interface RenderBenchApi {
  view: 'tickets' | 'messages'
  count: number
  /** Mount to first paint, in ms; set once painted. */
  initialRenderMs?: number
  initialRows?: number
  scrollThrough(frames: number, stepPx?: number): Promise<ScrollFigures>
}

declare global {
  interface Window {
    renderBench?: RenderBenchApi
  }
}
