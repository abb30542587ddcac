import { it } from 'vitest'
import { migrateToLatest, openDatabase } from '../../src/db'
import { createStorage } from '../../test/support/drivers'
it('times migrations', async () => {
  for (const driver of ['sqlite', 'postgres'] as const) {
    for (let i = 0; i < 3; i++) {
      const s = await createStorage(driver)
      let url = s.databaseUrl
      if (url && process.env.NOSYNC) { const u = new URL(url); u.searchParams.set('options', `${u.searchParams.get('options')} -c synchronous_commit=off`); url = u.toString() }
      const d = openDatabase({ dataDir: s.dataDir, databaseUrl: url })
      const t0 = performance.now(); const c0 = process.cpuUsage()
      await migrateToLatest(d.db)
      const c = process.cpuUsage(c0)
      console.log(driver, (performance.now() - t0).toFixed(0), 'ms wall', ((c.user + c.system) / 1000).toFixed(0), 'ms cpu')
      await d.destroy(); await s.cleanup()
    }
  }
}, 60000)
