import { z } from 'zod'
import { healthPaths } from './paths/health'
import { defineRoutes } from './route'
import { safeText } from './text'

/** `GET /health`: the database answers. */
export const HealthResponse = z.object({ status: z.literal('ok'), database: safeText() })
export type HealthResponse = z.infer<typeof HealthResponse>

/** The routes of the health check, on the methods and paths of `./paths/health`. */
export const healthRoutes = /* @__PURE__ */ defineRoutes(healthPaths, () => ({
  health: { response: HealthResponse },
}))
