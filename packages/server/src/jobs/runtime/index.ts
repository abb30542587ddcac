export { createDatabaseWork, type DatabaseWorkOptions, RECURRING_KEY } from './database-runtime'
export type { DurableWork, EnqueueOptions, StepOutcome, WorkContext, WorkKind } from './types'
