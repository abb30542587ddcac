import { describe, expectTypeOf, it } from 'vitest'
import type { PlainServerConfig } from '../../src/config'
import type { Fits, ServerConfig } from '../../src/server-config'

/*
 * Type assertions: the typecheck (`tsc`) fails when one does not hold. They show that the check in
 * server-config.ts, which holds config.ts to the modules' option types, catches what an assignment alone would
 * let through.
 */
describe('the check of config.ts against the option types of the modules', () => {
  it('passes what config.ts reads today', () => {
    expectTypeOf<Fits<PlainServerConfig, ServerConfig>>().toEqualTypeOf<true>()
  })

  it('names a field that config.ts would give and the module does not know (a rename on one side)', () => {
    expectTypeOf<
      Fits<{ sendRateLimit?: { max?: number; burstLimit?: number } }, ServerConfig>
    >().toEqualTypeOf<'sendRateLimit.burstLimit'>()
    expectTypeOf<Fits<{ outreach?: { maxSize?: number } }, ServerConfig>>().toEqualTypeOf<'outreach.maxSize'>()
    expectTypeOf<Fits<{ loginLimit?: { max?: number } }, ServerConfig>>().toEqualTypeOf<'loginLimit'>()
  })

  it('names a field whose value the module does not take', () => {
    expectTypeOf<Fits<{ trustProxy?: string }, ServerConfig>>().toEqualTypeOf<'trustProxy'>()
    expectTypeOf<
      Fits<{ widgetUploadQuota?: { perVisitorBytes?: string } }, ServerConfig>
    >().toEqualTypeOf<'widgetUploadQuota.perVisitorBytes'>()
  })
})
