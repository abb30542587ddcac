import { en, type Messages } from './en'
import { enApp } from './en-app'
import { loadedTables } from './index'
import { placeAppMessages } from './positional'

/**
 * Adds the English messages of the signed-in app to the tables in use, in place, so a provider that
 * already holds them reads them at once; a language loaded before gets its own app messages first. The
 * app's private layout calls it when its chunk loads, before anything of it draws; in development and
 * tests `en` holds every message and this adds nothing.
 * (A module of its own: the build puts it, and the messages, with the layout, not with /login.)
 */
export function registerAppMessages() {
  // The other languages' tables, as the build ships them, wait for these keys to place their app messages.
  placeAppMessages(Object.keys(enApp))
  for (const table of [en as Partial<Messages>, ...loadedTables()])
    for (const [key, message] of Object.entries(enApp)) if (!(key in table)) Object.assign(table, { [key]: message })
}
