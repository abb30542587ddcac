/**
 * The health check.
 * Method and path of each route, free of zod: the schemas are in `../health.ts`.
 */
import { get } from './verbs'

export const healthPaths = {
  health: get('/health'),
} as const
