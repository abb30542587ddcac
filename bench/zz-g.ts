import { socketLatency } from './socket-latency'
await socketLatency()
