import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  type CloudChangeValue,
  CloudWebhookPayload,
  ContactCreateRequest,
  ID_MAX,
  Id,
  IdParams,
  JsonIdArray,
  LoginRequest,
  PageQuery,
  SendMessageRequest,
  SimulatorInboundRequest,
  safeText,
  stripNul,
} from '../../src/contract'

const NUL = '\u0000'

describe('safeText', () => {
  it('drops NUL bytes before trimming and bounding the text', () => {
    expect(stripNul(`a${NUL}b${NUL}`)).toBe('ab')
    const name = safeText().trim().min(2).max(3)
    expect(name.parse(` a${NUL}b `)).toBe('ab')
    expect(name.safeParse(`a${NUL}`).success).toBe(false)
    expect(name.safeParse(`ab${NUL}${NUL}c`).data).toBe('abc')
  })

  it('cleans every kind of text the API takes: forms, searches, customer messages, webhooks', () => {
    expect(ContactCreateRequest.parse({ name: `Ma${NUL}ria`, number: `55 11${NUL} 91234-5678` })).toMatchObject({
      name: 'Maria',
      number: '5511912345678',
    })
    expect(PageQuery.parse({ searchParam: `${NUL}ana` }).searchParam).toBe('ana')
    expect(LoginRequest.parse({ email: `a${NUL}@b.c`, password: `pa${NUL}ss` })).toEqual({
      email: 'a@b.c',
      password: 'pass',
    })
    expect(SendMessageRequest.parse({ body: `hi${NUL}` }).body).toBe('hi')
    expect(SendMessageRequest.safeParse({ body: NUL }).success).toBe(false)
    const inbound = SimulatorInboundRequest.parse({
      from: '5511900000001',
      name: `Jo${NUL}`,
      body: `b${NUL}ody`,
      providerMessageId: `id${NUL}1`,
    })
    expect(inbound).toMatchObject({ name: 'Jo', body: 'body', providerMessageId: 'id1' })
    const hook = CloudWebhookPayload.parse({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'W',
          changes: [
            {
              field: 'messages',
              value: {
                metadata: { phone_number_id: '1' },
                messages: [{ from: '55', id: `wa${NUL}mid`, timestamp: '1', type: 'text', text: { body: `t${NUL}` } }],
              },
            },
          ],
        },
      ],
    })
    expect((hook.entry[0]!.changes[0]!.value as CloudChangeValue).messages![0]).toMatchObject({
      id: 'wamid',
      text: { body: 't' },
    })
  })
})

describe('Id', () => {
  it('takes 1 to 2³¹−1, as a number or as canonical decimal text', () => {
    for (const [input, id] of [
      [1, 1],
      ['1', 1],
      ['42', 42],
      [ID_MAX, ID_MAX],
      [String(ID_MAX), ID_MAX],
    ] as const) {
      expect(Id.parse(input)).toBe(id)
    }
  })

  it('refuses zero, negatives, the column overflow and every non-canonical spelling', () => {
    for (const input of [
      0,
      -1,
      1.5,
      ID_MAX + 1,
      2 ** 53,
      '0',
      '-1',
      '2147483648',
      '9007199254740993',
      '1e0',
      '0x1',
      '01',
      ' 1',
      '1 ',
      '+1',
      '1.0',
      '%201',
      '',
      `1${NUL}`,
      null,
      true,
      [],
      {},
    ]) {
      const result = IdParams.safeParse({ id: input })
      expect(result.success, JSON.stringify(input)).toBe(false)
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['id', 'validation.invalid']])
    }
  })

  it('applies to id lists in query strings', () => {
    expect(JsonIdArray.parse('[1,"2"]')).toEqual([1, 2])
    for (const raw of ['[2147483648]', '["01"]', '["1e0"]', '[0]'])
      expect(JsonIdArray.safeParse(raw).success).toBe(false)
  })
})

/** Every file that declares what the API takes, on both sides of it. */
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(full)
    return /\.tsx?$/.test(entry.name) ? [full] : []
  })

describe('the string primitive', () => {
  it('is the only way the contract and the server build a string schema', () => {
    const root = path.resolve(import.meta.dirname, '../../..')
    const files = [
      ...sources(path.join(root, 'api-client/src/contract')),
      ...sources(path.join(root, 'server/src')),
    ].filter((file) => !file.endsWith(path.join('contract', 'text.ts')))
    expect(files.length).toBeGreaterThan(30)
    const offenders = files.filter((file) => /\bz\s*\.\s*(coerce\s*\.\s*)?string\s*\(/.test(readFileSync(file, 'utf8')))
    expect(offenders.map((file) => path.relative(root, file))).toEqual([])
  })
})
