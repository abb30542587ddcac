import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The server's tests call routes by their name in the route table (`client.call('ticketGet', …)`,
 * `apiPath('media', …)`), so a route that moves or is renamed moves in one place. Only the seed-replay
 * files spell raw paths: they are the contract with clients written for the seed's API.
 */
describe("the server tests' paths", () => {
  /**
   * What is left: the `/api` prefix where the test support builds addresses from the table and names the one
   * path that is no route, the prefix of what the server registers (route table, bad-input corpus), the bare
   * `/api` that must answer 404, a configured API address, and the contract scenarios' base URL.
   */
  const LEFT = 7

  it(`spell no more than ${LEFT} paths below /api by hand outside the seed replay`, () => {
    const root = join(import.meta.dirname, '..')
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (name) => name.endsWith('.ts') && !name.startsWith(join('compat', 'seed-replay')),
    )
    expect(files.length).toBeGreaterThan(60)
    const written = files.flatMap((name) =>
      readFileSync(join(root, name), 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          // A string or a template that starts a path with /api, or puts it after a host: `${url}/api/…`.
          /^\s*(\/\/|\/\*|\*)/.test(line)
            ? []
            : (line.match(/['"`}]\/api(?![\w.-])/g) ?? []).map(() => `${name}:${i + 1}: ${line.trim()}`),
        ),
    )
    expect(written.length, `call the route by name (client.call, apiPath):\n${written.join('\n')}`).toBeLessThanOrEqual(
      LEFT,
    )
  })
})
