#!/usr/bin/env node
// Rewrites raw API calls in server tests into calls by route name: `x.get/post/put/del/request('/api/…')`
// becomes `x.call('routeName', { params, query, body })` when the method and path match a route of the table.
// Usage, from the repository root: node_modules/.bin/tsx scripts/test-paths-to-calls.mjs <files…>; then
// `biome check --write` the files and run `tsc` (where a test typed the answer itself, KEEP_TYPES=1 writes
// `call<'name', ThatType>(…)`).
// HELPERS=name:argIndex,… also turns a helper's `'?a=1&b=x'` argument into `{ a: 1, b: 'x' }`.
// Prints what it could not match (raw on purpose, or to convert by hand). Parses with @babel/parser from the store.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const store = 'node_modules/.pnpm'
const babel = readdirSync(store).find((name) => name.startsWith('@babel+parser@'))
if (!babel) throw new Error('@babel/parser is not in node_modules/.pnpm: run node scripts/ensure-install.mjs')
const { parse } = createRequire(`${process.cwd()}/${store}/${babel}/node_modules/@babel/parser/`)('@babel/parser')

const { endpoints } = await import('../packages/api-client/src/contract/index.ts')
const table = Object.entries(endpoints).map(([name, { method, path }]) => ({
  name,
  method,
  segments: path.split('/').slice(1),
}))

const files = process.argv.slice(2)
const unmatched = []
let converted = 0
let rerun = false

const isPathNode = (n) =>
  n &&
  ((n.type === 'StringLiteral' && n.value.startsWith('/api/')) ||
    (n.type === 'TemplateLiteral' && n.quasis[0].value.cooked.startsWith('/api/')))

/** Parts of a path literal: {text} or {expr}. */
const partsOf = (node, src) => {
  if (node.type === 'StringLiteral') return [{ text: node.value }]
  const parts = []
  node.quasis.forEach((q, i) => {
    parts.push({ text: q.value.cooked })
    if (node.expressions[i]) parts.push({ expr: src.slice(node.expressions[i].start, node.expressions[i].end) })
  })
  return parts.filter((p) => p.expr !== undefined || p.text !== '')
}

/** Splits parts on a separator char within text parts; returns arrays of parts. */
const splitParts = (parts, sep) => {
  const out = [[]]
  for (const p of parts) {
    if (p.expr !== undefined) {
      out[out.length - 1].push(p)
      continue
    }
    const pieces = p.text.split(sep)
    pieces.forEach((piece, i) => {
      if (i > 0) out.push([])
      if (piece !== '') out[out.length - 1].push({ text: piece })
    })
  }
  return out
}

const firstSplit = (parts, sep) => {
  const before = []
  const after = []
  let found = false
  for (const p of parts) {
    if (found) {
      after.push(p)
      continue
    }
    if (p.expr === undefined && p.text.includes(sep)) {
      const i = p.text.indexOf(sep)
      if (i > 0) before.push({ text: p.text.slice(0, i) })
      if (i + 1 < p.text.length) after.push({ text: p.text.slice(i + 1) })
      found = true
    } else before.push(p)
  }
  return found ? [before, after] : [before, null]
}

const literal = (s) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
const valueText = (parts, { query }) => {
  if (parts.length === 1 && parts[0].expr !== undefined) {
    const m = parts[0].expr.match(/^encodeURIComponent\((.*)\)$/s)
    return m ? m[1] : parts[0].expr
  }
  if (parts.every((p) => p.expr === undefined)) {
    let text = parts.map((p) => p.text).join('')
    if (/%[0-9A-Fa-f]{2}/.test(text) || (query && text.includes('+'))) {
      try {
        text = decodeURIComponent(query ? text.replace(/\+/g, ' ') : text)
      } catch {
        return null
      }
    }
    if (/^(0|[1-9]\d{0,14})$/.test(text)) return text
    if (query && (text === 'true' || text === 'false')) return text
    return literal(text)
  }
  if (parts.some((p) => p.expr === undefined && /[%+]/.test(p.text))) return null
  return `\`${parts.map((p) => (p.expr !== undefined ? `\${${p.expr}}` : p.text.replace(/[`\\]|\$\{/g, (c) => `\\${c}`))).join('')}\``
}

const keyText = (k) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : literal(k))

const convert = (method, pathNode, src) => {
  const parts = partsOf(pathNode, src)
  const [pathParts, queryParts] = firstSplit(parts, '?')
  const segs = splitParts(pathParts, '/').slice(1) // leading '' before first '/'
  if (segs[0]?.length !== 1 || segs[0][0].text !== 'api') return null
  const rest = segs.slice(1)
  if (rest.some((s) => s.length === 0)) return null // empty segment (trailing slash, '//')
  let best = null
  for (const route of table) {
    if (route.method !== method || route.segments.length !== rest.length) continue
    let score = 0
    const params = []
    let ok = true
    route.segments.forEach((seg, i) => {
      if (!ok) return
      const mine = rest[i]
      if (seg.startsWith(':')) {
        const v = valueText(mine, { query: false })
        if (v === null) ok = false
        else params.push(v === seg.slice(1) ? v : `${seg.slice(1)}: ${v}`)
      } else if (mine.length === 1 && mine[0].expr === undefined && mine[0].text === seg) score++
      else ok = false
    })
    if (ok && (!best || score > best.score)) best = { route, score, params }
  }
  if (!best) return null
  const props = []
  if (best.params.length) props.push(`params: { ${best.params.join(', ')} }`)
  if (queryParts) {
    const q = queryProps(queryParts)
    if (q === null) return null
    if (q.length) props.push(`query: { ${q.join(', ')} }`)
  }
  return { name: best.route.name, props }
}

const queryProps = (queryParts) => {
  {
    const pairs = splitParts(queryParts, '&').filter((p) => p.length)
    const q = []
    const seen = new Set()
    for (const pair of pairs) {
      const [k, v] = firstSplit(pair, '=')
      if (k.length !== 1 || k[0].expr !== undefined) return null
      if (seen.has(k[0].text)) return null
      seen.add(k[0].text)
      const value = v ? valueText(v, { query: true }) : "''"
      if (value === null) return null
      q.push(value === k[0].text ? value : `${keyText(k[0].text)}: ${value}`)
    }
    return q
  }
}

const getText = (n, src) => src.slice(n.start, n.end)
const lineOf = (src, pos) => src.slice(0, pos).split('\n').length
const walk = (node, fn) => {
  if (!node || typeof node.type !== 'string') return
  for (const key of Object.keys(node)) {
    if (key === 'loc' || key === 'extra' || key === 'leadingComments' || key === 'trailingComments') continue
    const v = node[key]
    if (Array.isArray(v)) for (const c of v) walk(c, fn)
    else if (v && typeof v.type === 'string') walk(v, fn)
  }
  fn(node)
}

for (const file of files) {
  const src = readFileSync(file, 'utf8')
  const ast = parse(src, { sourceType: 'module', plugins: ['typescript'] })
  const edits = []
  const helpers = Object.fromEntries(
    (process.env.HELPERS ?? '')
      .split(',')
      .filter(Boolean)
      .map((h) => h.split(':')),
  )
  walk(ast.program, (node) => {
    if (node.type === 'CallExpression' && Object.keys(helpers).length) {
      const name = node.callee.type === 'Identifier' ? node.callee.name : node.callee.property?.name
      const arg = node.arguments[Number(helpers[name])]
      if (name in helpers && arg && (arg.type === 'StringLiteral' || arg.type === 'TemplateLiteral')) {
        const parts = partsOf(arg, src)
        if (parts[0]?.text?.startsWith('?')) {
          parts[0] = { text: parts[0].text.slice(1) }
          const q = queryProps(parts.filter((p) => p.expr !== undefined || p.text !== ''))
          if (q) edits.push({ start: arg.start, end: arg.end, text: `{ ${q.join(', ')} }` })
          else unmatched.push(`${file}:${lineOf(src, node.start)}: helper ${getText(arg, src)}`)
        }
      }
      return
    }
    if (node.type !== 'CallExpression' || node.callee.type !== 'MemberExpression') return
    if (node.callee.property.type !== 'Identifier' || node.callee.computed) return
    const verb = node.callee.property.name
    if (!['get', 'post', 'put', 'del', 'request'].includes(verb)) return
    const args = node.arguments
    let method
    let pathNode
    let extra = []
    if (verb === 'request') {
      if (args[0]?.type !== 'StringLiteral') return
      method = args[0].value
      pathNode = args[1]
      if (!isPathNode(pathNode)) return
      if (args[2]) {
        if (args[2].type === 'ObjectExpression') extra = args[2].properties.map((p) => getText(p, src))
        else extra = [`...${getText(args[2], src)}`]
      }
    } else {
      method = { get: 'GET', post: 'POST', put: 'PUT', del: 'DELETE' }[verb]
      pathNode = args[0]
      if (!isPathNode(pathNode)) return
      if (args.length > 2) return
      if (args[1]) {
        const a = getText(args[1], src)
        if (verb === 'get') extra = [a === 'token' ? 'token' : `token: ${a}`]
        else if (verb === 'del') return
        else if (a === 'body') extra = ['body']
        else extra = [`body: ${a}`]
      }
    }
    const line = lineOf(src, node.start)
    const result = convert(method, pathNode, src)
    if (!result) {
      unmatched.push(`${file}:${line}: ${method} ${getText(pathNode, src)}`)
      return
    }
    const props = [...result.props, ...extra]
    const argText = props.length ? `, { ${props.join(', ')} }` : ''
    const tp = node.typeParameters ?? node.typeArguments
    const typeArgs = tp ? tp.params.map((t) => getText(t, src)) : []
    const typeText =
      typeArgs.length && process.env.KEEP_TYPES ? `<'${result.name}', ${typeArgs[typeArgs.length - 1]}>` : ''
    const start = node.callee.property.start
    if (edits.some((e) => e.start >= start && e.end <= node.end)) {
      rerun = true
      return
    }
    edits.push({ start, end: node.end, text: `call${typeText}('${result.name}'${argText})`, line })
  })
  if (!edits.length) continue
  edits.sort((a, b) => b.start - a.start)
  let out = src
  for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end)
  writeFileSync(file, out)
  converted += edits.length
  console.log(`${file}: ${edits.length}`)
}
console.log(`converted ${converted}`)
for (const u of unmatched) console.log(`UNMATCHED ${u}`)
if (rerun) console.log('RERUN: nested calls left')
