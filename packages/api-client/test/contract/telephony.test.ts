import { describe, expect, it } from 'vitest'
import { isSmsOptOut, TelephonyConfig, TelephonyConfigPublic, TelephonyConfigUpdate } from '../../src/contract'

const SID = `AC${'a'.repeat(32)}`
const TOKEN = 'an-auth-token-0123456789'

describe('telephony settings', () => {
  it('needs the Account SID, the Auth Token and a sender for Twilio, only a number for the simulator', () => {
    expect(
      TelephonyConfig.safeParse({ provider: 'twilio', accountSid: SID, authToken: TOKEN, fromNumber: '+15005550006' })
        .success,
    ).toBe(true)
    expect(
      TelephonyConfig.safeParse({
        provider: 'twilio',
        accountSid: SID,
        authToken: TOKEN,
        messagingServiceSid: `MG${'0'.repeat(32)}`,
      }).success,
    ).toBe(true)
    const missing = TelephonyConfig.safeParse({ provider: 'twilio', accountSid: SID, fromNumber: '' })
    expect(missing.success).toBe(false)
    expect(missing.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['authToken', 'fromNumber'])
    expect(
      TelephonyConfig.safeParse({
        provider: 'twilio',
        accountSid: 'AC123',
        authToken: TOKEN,
        fromNumber: '+15005550006',
      }).success,
    ).toBe(false)
    expect(TelephonyConfig.safeParse({ provider: 'simulator', fromNumber: '+5511900000000' }).success).toBe(true)
    expect(TelephonyConfig.safeParse({ provider: 'simulator', fromNumber: '11900000000' }).success).toBe(false)
  })

  it('keeps the stored Auth Token when an update leaves it empty, and clears a sender with null or empty', () => {
    expect(TelephonyConfigUpdate.parse({ authToken: '', fromNumber: '', messagingServiceSid: null })).toEqual({
      authToken: undefined,
      fromNumber: null,
      messagingServiceSid: null,
    })
  })

  it('never carries the Auth Token in an answer', () => {
    const answer = TelephonyConfigPublic.parse({
      provider: 'twilio',
      fromNumber: '+15005550006',
      accountSid: SID,
      messagingServiceSid: null,
      authTokenHint: '6789',
      inboundPath: '/webhooks/telephony/1/sms',
      mms: true,
      authToken: TOKEN,
    })
    expect(JSON.stringify(answer)).not.toContain(TOKEN)
  })
})

describe('SMS opt-out keywords', () => {
  it('match the whole message in any case, in English, Portuguese and Spanish', () => {
    for (const body of ['STOP', 'stop', ' Parar ', 'SAIR!', 'unsubscribe', 'Cancelar.', 'BAJA'])
      expect(isSmsOptOut(body)).toBe(true)
    for (const body of ['stop sending me this', 'please stop', 'sair de casa', ''])
      expect(isSmsOptOut(body)).toBe(false)
  })
})
