import type { ColorMode, UiLocale } from '@desk/ui'
import type { Args, Decorator, StoryContext } from '@storybook/react-vite'

/**
 * One axis of a Catalog story's matrix. `colorMode` and `locale` set the cell's globals (so its provider);
 * any other name is an arg of the story (`props` maps a value to several args).
 */
export interface CatalogDimension<V = unknown> {
  name: string
  values: readonly V[]
  /** The args a value stands for; `{ [name]: value }` when left out (not used for colorMode and locale). */
  props?: (value: V) => Args
  /** The cell's caption for a value; the value itself when left out. */
  label?: (value: V) => string
}

/**
 * `parameters.catalog` of a Catalog story: every combination of the dimensions' values, side by side, e.g.
 * `{ dimensions: [{ name: 'colorMode', values: ['dark', 'light'] }, { name: 'locale', values: ['en', 'es'] }] }`.
 */
export interface CatalogParameters {
  dimensions: CatalogDimension[]
  /** Cells a row (1 unless given: most components are as wide as their cell). */
  columns?: number
}

/** Globals that a dimension may set for its cell. */
const GLOBALS = new Set(['colorMode', 'locale'])

interface Cell {
  key: string
  label: string
  globals: { colorMode?: ColorMode; locale?: UiLocale }
  args: Args
}

function cellsOf(dimensions: CatalogDimension[]): Cell[] {
  let cells: Cell[] = [{ key: '', label: '', globals: {}, args: {} }]
  for (const dimension of dimensions) {
    cells = cells.flatMap((cell) =>
      dimension.values.map((value) => {
        const text = dimension.label ? dimension.label(value) : String(value)
        return {
          key: `${cell.key}/${text}`,
          label: cell.label ? `${cell.label} · ${text}` : text,
          globals: GLOBALS.has(dimension.name) ? { ...cell.globals, [dimension.name]: value } : cell.globals,
          args: GLOBALS.has(dimension.name)
            ? cell.args
            : { ...cell.args, ...(dimension.props ? dimension.props(value) : { [dimension.name]: value }) },
        }
      }),
    )
  }
  return cells
}

/** Whether the story renders as a cell of a Catalog matrix (its provider then holds only the cell). */
export const inCatalog = (context: StoryContext) => Boolean(context.parameters.catalog)

/**
 * The outermost decorator: renders a story once for every cell of `parameters.catalog.dimensions`
 * (colour mode × locale × …), each captioned and with its own providers (the decorators inside this one
 * see the cell's globals and args), so one story and one picture hold every variant. Stories without
 * `parameters.catalog` render as they are.
 */
export const withCatalog: Decorator = (Story, context) => {
  const catalog = context.parameters.catalog as CatalogParameters | undefined
  if (!catalog?.dimensions.length) return <Story />
  return (
    <div
      data-catalog=""
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(${catalog.columns ?? 1}, minmax(0, 1fr))`,
        gap: '16px',
        padding: '16px',
        background: '#ffffff',
        color: '#111111',
      }}
    >
      {cellsOf(catalog.dimensions).map((cell) => (
        <div key={cell.key} data-catalog-cell="">
          <p style={{ margin: '0 0 8px', font: '600 13px/16px Inter, sans-serif' }}>{cell.label}</p>
          <Story args={{ ...context.args, ...cell.args }} globals={{ ...context.globals, ...cell.globals }} />
        </div>
      ))}
    </div>
  )
}
