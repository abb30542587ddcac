import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

// Animations off: transitions and keyframes end at once, so what a test sees is the settled state.
const style = document.createElement('style')
style.textContent = '*, *::before, *::after { animation: none !important; transition: none !important; }'
document.head.appendChild(style)

// jsdom lacks these browser APIs that the overlay and scroll code reach for.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
}
if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => {}

afterEach(() => cleanup())
