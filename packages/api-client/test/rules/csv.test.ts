import { describe, expect, it } from 'vitest'
import {
  CHAT_EXPORT_COLUMNS,
  chatToCsv,
  contactsToCsv,
  csvCell,
  csvFile,
  jobRecipientsCsvHead,
  jobRecipientsCsvRows,
} from '../../src/contract'

const lines = (csv: string) => csv.replace(/^\uFEFF/, '').split('\r\n')

describe('CSV cells', () => {
  it('keeps a spreadsheet from running a formula and quotes what would split a cell', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvCell('+55 11')).toBe("'+55 11")
    expect(csvCell('-1')).toBe("'-1")
    expect(csvCell('@me')).toBe("'@me")
    expect(csvCell('\tx')).toBe("'\tx")
    expect(csvCell('\rx')).toBe(`"'\rx"`)
    expect(csvCell('a;b')).toBe('"a;b"')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell(null)).toBe('')
    expect(csvCell(undefined)).toBe('')
    expect(csvCell(12)).toBe('12')
    expect(csvCell('plain')).toBe('plain')
  })
})

describe('CSV files', () => {
  it('start with a byte-order mark and a header, put `;` between cells and end every line with CRLF', () => {
    const csv = csvFile(
      ['a', 'b'],
      [
        ['1', '=2'],
        [null, 'x;y'],
      ],
    )
    expect(csv.startsWith('\uFEFFa;b\r\n')).toBe(true)
    expect(csv.endsWith('\r\n')).toBe(true)
    expect(lines(csv)).toEqual(['a;b', "1;'=2", ';"x;y"', ''])
  })

  it('write the contacts, a conversation and a bulk send the same way', () => {
    expect(lines(contactsToCsv([{ name: '=Ana', number: '5511', email: null }]))).toEqual([
      'name;number;email',
      "'=Ana;5511;",
      '',
    ])
    const chat = chatToCsv([{ createdAt: 'T', sender: 'Bo', fromMe: true, mediaType: 'chat', body: '-hi' }])
    expect(lines(chat)).toEqual([CHAT_EXPORT_COLUMNS.join(';'), "T;Bo;1;chat;'-hi", ''])
    const recipient = {
      position: 1,
      entry: '+55 11 9',
      address: null,
      state: 'skipped',
      reason: 'invalid',
      providerMessageId: null,
      updatedAt: 'T',
    }
    const sent = jobRecipientsCsvHead() + jobRecipientsCsvRows([recipient])
    expect(lines(sent)).toEqual([
      'position;entry;address;state;reason;providerMessageId;updatedAt',
      "1;'+55 11 9;;skipped;invalid;;T",
      '',
    ])
    expect(jobRecipientsCsvRows([])).toBe('')
  })
})
