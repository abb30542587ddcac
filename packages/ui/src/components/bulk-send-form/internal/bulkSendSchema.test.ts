import { describe, expect, it } from 'vitest'
import { type BulkSendFormValues, bulkSendSchema, emptyBulkSendValues } from './bulkSendSchema'

const now = () => '2026-01-15T10:30:00.000Z'
const filled: BulkSendFormValues = {
  ...emptyBulkSendValues,
  numbers: '5511912345678\n5521987654321',
  message: 'Hello',
  ticketwhatsappId: '3',
  minInterval: '5',
  maxInterval: '10',
}

/** Field → message code of each issue, as the form shows them. */
const issuesOf = (variant: Parameters<typeof bulkSendSchema>[0], values: BulkSendFormValues) => {
  const result = bulkSendSchema(variant, now).safeParse(values)
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('bulkSendSchema', () => {
  it('sends the numbers kept as typed that the box still holds', () => {
    const kept = {
      ...filled,
      numbers: '5531991234567\n+55 31 9123-4567',
      keepAsTyped: ['5531991234567', '551112345678'],
    }
    expect(bulkSendSchema('text', now).parse(kept)).toMatchObject({ keepAsTyped: ['5531991234567'] })
  })

  it("hands back the contract's request for the variant, with no start", () => {
    expect(bulkSendSchema('text', now).parse(filled)).toEqual({
      variant: 'text',
      numbers: ['5511912345678', '5521987654321'],
      keepAsTyped: [],
      message: 'Hello',
      ticketwhatsappId: 3,
      minInterval: 5,
      maxInterval: 10,
      isGroup: false,
      openWindowsOnly: false,
      startAt: null,
    })
  })

  it('on a Cloud API connection sends the chosen template, its variables mapped, or free text to open windows', () => {
    const template = {
      id: 701,
      connectionId: 3,
      name: 'order_update',
      language: 'en_US',
      category: 'UTILITY',
      status: 'APPROVED',
      reason: null,
      header: null,
      body: 'Hello {{1}}, order {{2}}',
      footer: null,
      buttons: [],
      variables: [
        { key: 'body.1', part: 'body' as const, name: '1', buttonIndex: null, example: null },
        { key: 'body.2', part: 'body' as const, name: '2', buttonIndex: null, example: null },
      ],
      updatedAt: '2026-01-14T16:20:00.000Z',
    }
    const api = { connectionIds: [3], templates: [template] }
    const lines = { ...filled, numbers: '5511912345678;Maria;#12', message: '' }
    const sent = bulkSendSchema('text', now, api).parse({ ...lines, templateId: '701' })
    expect(sent).toMatchObject({
      numbers: ['5511912345678;Maria;#12'],
      message: template.body,
      template: {
        templateId: 701,
        variables: { 'body.1': { from: 'contact', field: 'name' }, 'body.2': { from: 'column', column: 2 } },
      },
    })
    expect(bulkSendSchema('text', now, api).parse({ ...filled })).toMatchObject({ openWindowsOnly: true })
    expect(bulkSendSchema('text', now, api).parse({ ...filled, ticketwhatsappId: '1' })).toMatchObject({
      openWindowsOnly: false,
    })
  })

  it('says Required for each empty field the variant shows, and only those', () => {
    expect(issuesOf('file', emptyBulkSendValues)).toEqual({
      numbers: 'validation.required',
      ticketwhatsappId: 'validation.required',
      minInterval: 'validation.required',
      maxInterval: 'validation.required',
      url: 'validation.required',
      title: 'validation.required',
    })
    expect(Object.keys(issuesOf('audio', emptyBulkSendValues))).not.toContain('title')
  })

  it("applies the contract's rules: min above max, backslashes in a path; lines that are no number reach the job", () => {
    expect(issuesOf('text', { ...filled, minInterval: '20' })).toEqual({ maxInterval: 'validation.invalid' })
    expect(issuesOf('file', { ...filled, url: 'C:\\files\\a.pdf', title: 'A' })).toEqual({ url: 'validation.invalid' })
    // The job skips them as invalid, and the page counts only the numbers it will send to.
    expect(issuesOf('text', { ...filled, numbers: '5511912345678\n123' })).toEqual({})
  })

  it('takes a start ahead of now and refuses one in the past', () => {
    // The field's local time, handed back as the same moment in UTC.
    expect(bulkSendSchema('text', now).parse({ ...filled, startAt: '2026-01-16T18:00' }).startAt).toBe(
      new Date(2026, 0, 16, 18, 0).toISOString(),
    )
    expect(issuesOf('text', { ...filled, startAt: '2026-01-15T09:00' })).toEqual({ startAt: 'outreach.startAtPast' })
  })
})
