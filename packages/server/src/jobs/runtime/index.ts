export { createDatabaseWork, type DatabaseWorkOptions } from './database-runtime'
export { createRedisWork, type RedisWorkOptions } from './redis-runtime'
export { RECURRING_KEY } from './repository'
export type { DurableWork, EnqueueOptions, StepOutcome, WorkContext, WorkKind } from './types'
