/**
 * The dashboard.
 * Method and path of each route, free of zod: the schemas are in `../dashboard.ts`.
 */
import { get } from './verbs'

export const dashboardPaths = {
  dashboard: get('/dashboard'),
} as const
