import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createRequire } from 'node:module'
import { openDatabase, migrateToLatest } from '../packages/server/src/db'
const dir = mkdtempSync(join(tmpdir(), 'gplan-'))
const d = openDatabase({ dataDir: dir })
await migrateToLatest(d.db)
await d.destroy()
const SQLite = createRequire(join(process.cwd(), 'packages/server/package.json'))('better-sqlite3')
const s = new SQLite(join(dir, 'desk.sqlite'))
s.pragma('journal_mode = WAL')
const now = new Date().toISOString()
s.prepare(`insert into whatsapps (name, status, isDefault, createdAt, updatedAt) values ('x','CONNECTED',1,?,?)`).run(now, now)
const ic = s.prepare(`insert into contacts (name, number, isGroup, createdAt, updatedAt) values (?,?,0,?,?)`)
const it = s.prepare(`insert into tickets (status, contactId, whatsappId, isGroup, unreadMessages, queueMenuSent, createdAt, updatedAt) values ('pending',?,1,0,0,0,?,?)`)
for (let i = 1; i <= 600; i++) { ic.run('c' + i, 'n' + i, now, now); it.run(i, now, now) }
const q = s.prepare(`select * from "tickets" where "contactId" = ? and "whatsappId" = ? and "status" in (?, ?) order by "updatedAt" desc limit ?`)
console.log(s.prepare('explain query plan ' + q.source).all(1, 1, 'open', 'pending', 1))
let t = performance.now()
for (let i = 0; i < 20000; i++) q.all((i % 600) + 1, 1, 'open', 'pending', 1)
console.log('per query us', ((performance.now() - t) / 20000) * 1000)
const q2 = s.prepare(`select * from "tickets" where "contactId" = ? and "whatsappId" = ? and "status" in ('open', 'pending') order by "updatedAt" desc limit 1`)
t = performance.now()
for (let i = 0; i < 20000; i++) q2.all((i % 600) + 1, 1)
console.log('per query literal us', ((performance.now() - t) / 20000) * 1000)
for (const [label, text, extra] of [
  ['or params', `select * from "tickets" where "contactId" = ? and "whatsappId" = ? and ("status" = ? or "status" = ?) order by "updatedAt" desc limit ?`, ['open', 'pending', 1]],
  ['in params, literal limit', `select * from "tickets" where "contactId" = ? and "whatsappId" = ? and "status" in (?, ?) order by "updatedAt" desc limit 1`, ['open', 'pending']],
  ['in literal, param limit', `select * from "tickets" where "contactId" = ? and "whatsappId" = ? and "status" in ('open', 'pending') order by "updatedAt" desc limit ?`, [1]],
  ['ticket by contact no status', `select * from "tickets" where "contactId" = ? and "whatsappId" = ?`, []],
] as const) {
  const st = s.prepare(text)
  t = performance.now()
  for (let i = 0; i < 20000; i++) st.all((i % 600) + 1, 1, ...extra)
  console.log(label, ((performance.now() - t) / 20000) * 1000)
}
t = performance.now()
for (let i = 0; i < 20000; i++) q.all((i % 600) + 1, 1, 'open', 'pending', 1)
console.log('again params us', ((performance.now() - t) / 20000) * 1000)
