import { describe, expect, it } from 'vitest'
import { isAppleDevice, mp3AudioUrl, withMp3Audio } from '../src/lib/appleAudio'

const agents = {
  iPhoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iPhoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  iPod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1',
  // iPadOS 13 and later ask for desktop pages and say "Macintosh".
  iPadDesktop:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  macChrome:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  macEdge:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.80',
  macFirefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0',
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
}

describe('isAppleDevice', () => {
  it.each([
    ['iPhoneSafari', 'iPhone', true],
    ['iPhoneChrome', 'iPhone', true],
    ['iPod', 'iPod touch', true],
    ['iPadDesktop', 'MacIntel', true],
    ['macChrome', 'MacIntel', false],
    ['macEdge', 'MacIntel', false],
    ['macFirefox', 'MacIntel', false],
    ['windowsChrome', 'Win32', false],
    ['android', 'Linux armv8l', false],
  ] as const)('%s on %s → %s', (agent, platform, expected) => {
    expect(isAppleDevice({ userAgent: agents[agent], platform })).toBe(expected)
  })

  it('trusts the platform when the user agent is reduced or changed', () => {
    expect(isAppleDevice({ userAgent: 'Mozilla/5.0', platform: 'iPad' })).toBe(true)
    expect(isAppleDevice({ userAgent: 'Mozilla/5.0', platform: 'MacIntel' })).toBe(false)
  })

  it('says no without a browser (server rendering, tests)', () => {
    expect(isAppleDevice(undefined)).toBe(false)
  })
})

describe('mp3AudioUrl', () => {
  const ogg = '/api/media/0123456789abcdef0123456789abcdef.ogg?expires=1700000000&signature=abc-_'

  it('asks the same signed address for its MP3 copy', () => {
    expect(mp3AudioUrl(ogg)).toBe(`${ogg}&format=mp3`)
    expect(mp3AudioUrl(`https://desk.example${ogg}`)).toBe(`https://desk.example${ogg}&format=mp3`)
    expect(mp3AudioUrl('/api/media/a.ogg')).toBe('/api/media/a.ogg?format=mp3')
    const signed = '/api/media/abc-_DEF/1700000000/0123456789abcdef0123456789abcdef.ogg'
    expect(mp3AudioUrl(signed)).toBe(`${signed}?format=mp3`)
  })

  it('leaves other files and addresses that already name a format alone', () => {
    for (const url of [
      '/api/media/0123456789abcdef0123456789abcdef.mp3?expires=1&signature=x',
      '/api/media/0123456789abcdef0123456789abcdef.mp4?expires=1&signature=x',
      '/api/media/abc/1700000000/0123456789abcdef0123456789abcdef.mp3',
      `${ogg}&format=mp3`,
      'https://cdn.example/voice.ogg.html?x=1',
    ]) {
      expect(mp3AudioUrl(url)).toBe(url)
    }
  })
})

describe('withMp3Audio', () => {
  it('points Ogg voice notes at their MP3 copy and keeps every other message as it is', () => {
    const voice = { id: 1, mediaType: 'audio', mediaUrl: '/api/media/a.ogg?expires=1&signature=s' }
    const mp3 = { id: 2, mediaType: 'audio', mediaUrl: '/api/media/b.mp3?expires=1&signature=s' }
    const image = { id: 3, mediaType: 'image', mediaUrl: '/api/media/c.ogg?expires=1&signature=s' }
    const text = { id: 4, mediaType: 'chat', mediaUrl: null }
    const out = withMp3Audio([voice, mp3, image, text])
    expect(out[0]).toEqual({ ...voice, mediaUrl: `${voice.mediaUrl}&format=mp3` })
    expect(voice.mediaUrl).toBe('/api/media/a.ogg?expires=1&signature=s')
    expect(out[1]).toBe(mp3)
    expect(out[2]).toBe(image)
    expect(out[3]).toBe(text)
  })
})
