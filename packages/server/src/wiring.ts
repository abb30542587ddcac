/**
 * A small typed bus for two services that need each other: the one built first calls through it, the one
 * built later answers once it exists. Each event has one handler; a call before anyone answers is a bug in
 * the wiring and throws at once, naming the event.
 */
// biome-ignore lint/suspicious/noExplicitAny: a handler's own parameters are checked at each call and answer.
type Handlers<E> = { [K in keyof E]: (...args: any[]) => unknown }

export interface Wiring<E extends Handlers<E>> {
  /** Sets the handler of an event; answering one twice throws. */
  answer<K extends keyof E>(name: K, handler: E[K]): void
  /** Calls the event's handler. */
  call<K extends keyof E>(name: K, ...args: Parameters<E[K]>): ReturnType<E[K]>
  /** The event's handler, or undefined while nobody answers it yet. */
  handler<K extends keyof E>(name: K): E[K] | undefined
}

export const createWiring = <E extends Handlers<E>>(): Wiring<E> => {
  const handlers = new Map<keyof E, E[keyof E]>()
  const handler = <K extends keyof E>(name: K) => handlers.get(name) as E[K] | undefined
  return {
    answer: (name, h) => {
      if (handlers.has(name)) throw new Error(`"${String(name)}" is answered twice`)
      handlers.set(name, h)
    },
    call: (name, ...args) => {
      const h = handler(name)
      if (!h) throw new Error(`"${String(name)}" is called before anything answers it`)
      return h(...args) as ReturnType<E[typeof name]>
    },
    handler,
  }
}
