import { en, type Messages } from './en'
import { es } from './es'
import { ptBR } from './pt-BR'

/**
 * Every table at once, for tests, stories and tools. Kept out of `index.ts` so that the app, which
 * loads the tables one at a time, has no static import of the ones it has not chosen.
 */
export const messages: Record<'en' | 'pt-BR' | 'es', Messages> = { en, 'pt-BR': ptBR, es }
