import { en, type Messages } from './en'

type Table = Partial<Messages>
type Values = ReadonlyArray<unknown>

/**
 * The keys of the English messages /login carries, in their order, taken before the app adds its own.
 * (In development and tests `en` holds every message and no table is built from values.)
 */
const publicKeys = Object.keys(en)
/** The keys of the signed-in app's English messages, once its layout has registered them. */
let appKeys: readonly string[] | undefined
/** Tables built before those keys were known, with their app messages in the order of those keys. */
const waiting = new Map<Table, Values>()

/** Puts `values[i]` under `keys[i]`; a `null` (a message the table lacks) leaves English to show. */
const place = (table: Table, keys: readonly string[], values: Values) => {
  values.forEach((value, i) => {
    if (value !== null) Object.assign(table, { [keys[i]]: value })
  })
  return table
}

/**
 * A language table as the app's build ships it: the messages only, in the order of the English keys
 * (those of /login, then those of the signed-in app), so the keys travel once, with English. The app's
 * part is placed as soon as its English keys are registered (`placeAppMessages`), at once if they are.
 */
export function tableOf(publicValues: Values, appValues: Values): Table {
  const table = place({}, publicKeys, publicValues)
  if (appKeys) place(table, appKeys, appValues)
  else waiting.set(table, appValues)
  return table
}

/** `copy` of a table still waiting for its app part (the table with English underneath) gets it too. */
export function followAppPart(table: Table, copy: Table) {
  const values = waiting.get(table)
  if (values) waiting.set(copy, values)
}

/** Places the app part of every table built so far, and of those built later, under these keys. */
export function placeAppMessages(keys: readonly string[]) {
  appKeys = keys
  for (const [table, values] of waiting) place(table, keys, values)
  waiting.clear()
}
