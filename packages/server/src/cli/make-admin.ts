import { parseArgs } from 'node:util'
import { ZodError } from 'zod'
import { configFromEnv } from '../config'
import { migrateToLatest, openDatabase } from '../db'
import { makeAdmin } from '../modules/users/service'

const usage = `Usage: make-admin --email <email> [--name <name>] [--password <password>]

Creates an administrator, or promotes the user with that e-mail to administrator
(updating the name and password when given). Uses DATA_DIR / DATABASE_URL like the server.`

const main = async () => {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help || !values.email) {
    console.log(usage)
    process.exit(values.help ? 0 : 2)
  }
  const config = configFromEnv()
  const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
  try {
    await migrateToLatest(database.db)
    const { action, user } = await makeAdmin(database.db, {
      email: values.email,
      name: values.name,
      password: values.password,
    })
    const verb = {
      created: 'Created administrator',
      promoted: 'Promoted to administrator',
      updated: 'Updated administrator',
    }
    console.log(`${verb[action]} ${user.name} <${user.email}> (id ${user.id}) in ${database.target}`)
  } finally {
    await database.destroy()
  }
}

main().catch((error) => {
  if (error instanceof ZodError) {
    console.error(`Invalid input: ${error.issues.map((i) => i.message).join(', ')}`)
  } else {
    console.error(error instanceof Error ? error.message : error)
  }
  process.exit(1)
})
