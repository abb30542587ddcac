import { createRequire } from 'node:module'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { GenIcon, type IconTree } from '../src/frame/icons/genIcon'

// react-icons as the ui package (which the frame draws) resolves it.
const fromUi = createRequire(`${import.meta.dirname}/../../ui/package.json`)
const reactIcons = (await import(fromUi.resolve('react-icons/lib'))) as { GenIcon: typeof GenIcon }

/** Icons the panel draws, as react-icons' lu set describes them (a send arrow, a ban sign, a smile). */
const ICONS: IconTree[] = [
  {
    tag: 'svg',
    attr: { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: '2', strokeLinecap: 'round' },
    child: [
      { tag: 'path', attr: { d: 'M3.714 3.048a.498.498 0 0 0-.683.627l2.843 7.627' }, child: [] },
      { tag: 'path', attr: { d: 'M6 12h16' }, child: [] },
    ],
  },
  {
    tag: 'svg',
    attr: { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: '2' },
    child: [
      { tag: 'circle', attr: { cx: '12', cy: '12', r: '10' }, child: [] },
      { tag: 'g', attr: {}, child: [{ tag: 'path', attr: { d: 'm4.9 4.9 14.2 14.2' }, child: [] }] },
    ],
  },
]

const PROPS = [
  {},
  { 'aria-hidden': true },
  { size: '24' },
  { title: 'Sent', className: 'tick', style: { opacity: 0.5 } },
]

describe("the frame's GenIcon", () => {
  it('draws the same <svg> as react-icons, with any of the props the ui passes', () => {
    for (const icon of ICONS) {
      for (const props of PROPS) {
        const ours = renderToStaticMarkup(createElement(GenIcon(icon), props))
        const theirs = renderToStaticMarkup(createElement(reactIcons.GenIcon(icon), props))
        expect(ours).toBe(theirs)
      }
    }
  })
})
