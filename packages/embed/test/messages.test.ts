import { messages } from '@desk/ui/i18n'
import { afterEach, describe, expect, it } from 'vitest'
import { compileFrameMessages } from '../frame-messages'
import { loadFrameMessages } from '../src/frame/i18n'
import { LATER_MESSAGE } from '../src/frame/laterKeys'
import { FRAME_MESSAGE } from '../src/frame/messageKeys'

const frameKeys = Object.keys(messages.en).filter((key) => FRAME_MESSAGE.test(key))
const ptBR = messages['pt-BR'] as Record<string, string>
const held = { ...ptBR }

afterEach(() => {
  for (const key of Object.keys(ptBR)) if (!(key in held)) delete ptBR[key]
  Object.assign(ptBR, held)
})

describe("the frame's languages", () => {
  // Each language's table is downloaded on its own, without English beneath it: it must be complete.
  for (const locale of ['pt-BR', 'es'] as const) {
    it(`has every frame message in ${locale}`, () => {
      const table = messages[locale] as Record<string, unknown>
      expect(frameKeys.length).toBeGreaterThan(50)
      expect(frameKeys.filter((key) => typeof table[key] !== 'string' || table[key] === '')).toEqual([])
    })
  }

  it('loads the chosen language’s messages of the first draw, without the error and field messages', async () => {
    const [en, pt, es] = await Promise.all(['en', 'pt-BR', 'es-AR'].map(loadFrameMessages))
    expect(pt['common.close']).toBe(ptBR['common.close'])
    expect(es['common.close']).toBe(messages.es['common.close'])
    expect(en['common.close']).toBe(messages.en['common.close'])
    expect(pt['common.close']).not.toBe(en['common.close'])
    for (const table of [en, pt, es]) {
      expect(Object.keys(table).length).toBeGreaterThan(30)
      expect(Object.keys(table).filter((key) => !FRAME_MESSAGE.test(key) || LATER_MESSAGE.test(key))).toEqual([])
    }
  })

  it('builds a table that lacks a message with the English one in its place', async () => {
    delete ptBR['widget.loading']
    const compiled = await compileFrameMessages('pt-BR')
    expect(compiled['widget.loading']).toEqual([{ type: 0, value: messages.en['widget.loading'] }])
    expect(compiled['common.close']).toEqual([{ type: 0, value: held['common.close'] }])
  })
})
