import { ingest } from '/work/main/bench/ingest'
await ingest()
