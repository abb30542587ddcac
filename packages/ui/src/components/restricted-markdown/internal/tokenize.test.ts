import { describe, expect, it } from 'vitest'
import { plainText, tokenize } from './tokenize'

describe('tokenize', () => {
  it('reads bold, italic, strike and inline code', () => {
    expect(tokenize('a *b* _c_ ~d~ `e`')).toEqual([
      { type: 'text', value: 'a ' },
      { type: 'bold', children: [{ type: 'text', value: 'b' }] },
      { type: 'text', value: ' ' },
      { type: 'italic', children: [{ type: 'text', value: 'c' }] },
      { type: 'text', value: ' ' },
      { type: 'strike', children: [{ type: 'text', value: 'd' }] },
      { type: 'text', value: ' ' },
      { type: 'code', value: 'e' },
    ])
  })

  it('nests styles but keeps code literal', () => {
    expect(tokenize('*bold _both_*')).toEqual([
      {
        type: 'bold',
        children: [
          { type: 'text', value: 'bold ' },
          { type: 'italic', children: [{ type: 'text', value: 'both' }] },
        ],
      },
    ])
    expect(tokenize('`*not bold*`')).toEqual([{ type: 'code', value: '*not bold*' }])
  })

  it('leaves markers inside words, around spaces and across lines as text', () => {
    for (const text of ['2*3*4', 'snake_case_name', '* not bold *', '*open\nclose*', 'lonely * star', '**']) {
      expect(tokenize(text)).toEqual([{ type: 'text', value: text }])
    }
  })

  it('reads fenced code blocks across lines, with markers inside left alone', () => {
    expect(tokenize('see:\n```\nconst a = *b*\n<b>x</b>\n```\nok')).toEqual([
      { type: 'text', value: 'see:\n' },
      { type: 'codeBlock', value: 'const a = *b*\n<b>x</b>' },
      { type: 'text', value: '\nok' },
    ])
  })

  it('finds http, https and www links and leaves trailing punctuation out', () => {
    expect(tokenize('go to https://example.com/a?b=1, or www.example.org.')).toEqual([
      { type: 'text', value: 'go to ' },
      { type: 'link', href: 'https://example.com/a?b=1', value: 'https://example.com/a?b=1' },
      { type: 'text', value: ', or ' },
      { type: 'link', href: 'https://www.example.org', value: 'www.example.org' },
      { type: 'text', value: '.' },
    ])
  })

  it('never turns other schemes into links', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://example.com']) {
      expect(tokenize(text).some((n) => n.type === 'link')).toBe(false)
    }
  })

  it('keeps HTML as text', () => {
    const html = '<img src=x onerror="alert(1)"> <script>alert(2)</script>'
    expect(tokenize(html)).toEqual([{ type: 'text', value: html }])
  })

  it('gives the plain text without markers', () => {
    expect(plainText(tokenize('*Ana*: _hi_ ~old~ `x`'))).toBe('Ana: hi old x')
  })
})
