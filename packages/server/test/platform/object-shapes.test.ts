import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const serverDir = path.resolve(import.meta.dirname, '../..')

/**
 * The objects every arriving message and every ticket of a list are made of keep one hidden class once their
 * code is optimised (see "Object shapes" in the server README): Node 20 gives a copy made by spreading and then
 * given a new field a class of its own on every call, which cost 15 µs an arriving message in its cleaning alone.
 * Optimised in a process of its own, where V8's own functions can tell (`support/shapes-probe.ts`).
 */
describe('object shapes on the hot paths', () => {
  it('stay one per function once optimised, where this engine would give a spread copy a shape of its own', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--allow-natives-syntax', '--import', 'tsx', 'test/support/shapes-probe.ts'],
      { cwd: serverDir },
    )
    const shapes = JSON.parse(stdout) as Record<string, boolean>
    // On an engine that keeps one shape for such copies too, the check below cannot fail: say so rather than pass.
    if (shapes.control) {
      console.warn('this engine keeps one shape for a spread copy given a new field: nothing to check')
      return
    }
    expect(shapes).toEqual({ control: false, cleanInbound: true, ticketWithTags: true, ticketWithReplyWindow: true })
  })
})
