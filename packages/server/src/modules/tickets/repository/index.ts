/**
 * The tickets repository: every query of the tickets module. Services call these and keep the
 * rules (state machine in `../state-machine`, permissions in `../access`).
 */
export * from './list'
export * from './lookups'
export * from './rows'
export * from './search'
export * from './search-index'
export * from './search-postgres'
export * from './writes'
