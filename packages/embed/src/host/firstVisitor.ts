/**
 * Frames of one connection on one page (an inline panel and the floating widget, say) are one visitor.
 *
 * A frame without a stored visitor token asks the desk for a new anonymous identity and stores the token it
 * gets: in its own storage, which the frames of one desk on one page share, or, where the browser refuses
 * the frame its storage, in the page's (the `keep` message). Two frames that started at the same instant
 * would each ask before the other had stored its token, and become two visitors.
 *
 * So the page starts one anonymous frame of a connection at a time: a frame about to be created while
 * another of the same desk and connection is still opening its conversation waits until that one says it
 * is `ready`. By then the first frame has stored its token (it stores it before it reports ready), in either
 * place, and the next frame starts with it: from its own storage, or from the page's in its address. This
 * needs nothing of the desk or the frame, works the same with either storage, and costs nothing when one
 * frame starts alone; the second frame of a page waits for the first's start, never longer. A frame with a
 * partner's token neither waits nor holds others (the token names the visitor). The queue lives on the
 * page's global object, so hosts made by two copies of the loader, or by the React components, share it.
 * A frame that never reports ready (it failed to load) holds the others for `GIVE_UP_MS` at most.
 */
const GIVE_UP_MS = 10_000
const QUEUE = Symbol.for('limedesk.widget.starting')

type Page = typeof globalThis & { [QUEUE]?: Map<string, Promise<void>> }

/** Frames now starting, by desk origin and connection: each settles once its frame is ready (or gone). */
const starting = () => {
  const page = globalThis as Page
  page[QUEUE] ??= new Map()
  return page[QUEUE]
}

/**
 * Calls `start` once no other anonymous frame of `key` (desk origin and connection) on this page is
 * starting: at once when none is. An anonymous frame then holds the others until it calls `done` (its frame
 * is ready, or the widget is gone).
 */
export function whenFirstVisitor(key: string, anonymous: boolean, start: (done: () => void) => void): void {
  if (!anonymous) {
    start(() => undefined)
    return
  }
  const queue = starting()
  const ahead = queue.get(key)
  if (ahead) {
    void ahead.then(() => whenFirstVisitor(key, anonymous, start))
    return
  }
  let settle: () => void = () => undefined
  const turn = new Promise<void>((resolve) => {
    settle = resolve
  })
  queue.set(key, turn)
  const timer = setTimeout(() => done(), GIVE_UP_MS)
  const done = () => {
    clearTimeout(timer)
    if (queue.get(key) === turn) queue.delete(key)
    settle()
  }
  start(done)
}
