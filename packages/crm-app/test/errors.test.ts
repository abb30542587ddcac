import { ApiError } from '@desk/api-client/client'
import { describe, expect, it } from 'vitest'
import { asUiError } from '../src/lib/errors'

describe('asUiError', () => {
  it('passes the code and the text the server wrote', () => {
    const error = new ApiError({ status: 400, code: 'ERR_X', message: 'Server words', serverMessage: 'Server words' })
    expect(asUiError(error)).toEqual({ code: 'ERR_X', message: 'Server words' })
  })

  it('shows no proxy page, status line or browser text (the person sees "An error occurred!")', () => {
    expect(asUiError(new ApiError({ status: 502, message: '<html>Bad gateway</html>' }))).toEqual({
      code: undefined,
      message: undefined,
    })
    expect(asUiError(new TypeError('Failed to fetch'))).toEqual({})
  })

  it('keeps the network code so it is translated', () => {
    expect(asUiError(new ApiError({ status: 0, code: 'ERR_NETWORK', message: 'Failed to fetch' }))).toEqual({
      code: 'ERR_NETWORK',
      message: undefined,
    })
  })
})
