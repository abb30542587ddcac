import { createElement, type ReactNode, type SVGProps } from 'react'

/** An icon's drawing as react-icons describes it. */
export interface IconTree {
  tag: string
  attr: Record<string, string>
  child: IconTree[]
}

type IconProps = SVGProps<SVGSVGElement> & { size?: string | number; title?: string; attr?: Record<string, string> }

const draw = (nodes: IconTree[]): ReactNode[] =>
  nodes.map((node, key) => createElement(node.tag, { key, ...node.attr }, draw(node.child)))

/**
 * What the frame's build puts in place of react-icons' `GenIcon` (the icons' packages call it; see
 * `vite.frame.config.ts`): the same `<svg>`, without its icon context (which nothing sets) and its helpers.
 * `test/icons.test.ts` checks it draws the widget's icons as react-icons does.
 */
export function GenIcon(data: IconTree) {
  return ({ attr = data.attr, size, title, color, style, children: _, ...svgProps }: IconProps) =>
    createElement(
      'svg',
      {
        stroke: 'currentColor',
        fill: 'currentColor',
        strokeWidth: '0',
        ...attr,
        ...svgProps,
        style: { color, ...style },
        height: size || '1em',
        width: size || '1em',
        xmlns: 'http://www.w3.org/2000/svg',
      },
      title && createElement('title', null, title),
      draw(data.child),
    )
}
