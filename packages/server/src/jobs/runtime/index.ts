export { createDatabaseWork, type DatabaseWorkOptions, RECURRING_KEY } from './database-runtime'
export { createRedisWork, type RedisWorkOptions } from './redis-runtime'
export type { DurableWork, EnqueueOptions, StepOutcome, WorkContext, WorkKind } from './types'
