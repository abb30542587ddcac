export * from './jobs'
export * from './leases'
export * from './opt-outs'
export * from './recipients'
