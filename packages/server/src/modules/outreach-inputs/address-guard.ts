import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { BlockList, isIP, type LookupFunction } from 'node:net'

/**
 * Which network addresses the server may fetch outreach media from: never its own machine,
 * the private networks around it, link-local (cloud metadata), multicast or unspecified
 * addresses, in IPv4 or IPv6 (IPv4-mapped and NAT64/6to4 forms included).
 */
const blocked = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6')
}

/** The IPv4 address an IPv6 one carries (mapped, compatible, NAT64 or 6to4), if any. */
const embeddedIpv4 = (address: string): string | undefined => {
  const lower = address.toLowerCase()
  const dotted = lower.match(/^(?:::ffff:|::|64:ff9b::|::ffff:0:)(\d+\.\d+\.\d+\.\d+)$/)
  if (dotted) return dotted[1]
  const groups = expandIpv6(lower)
  if (!groups) return undefined
  const toV4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0)
  // ::ffff:a.b.c.d and ::a.b.c.d (written in hex), and ::ffff:0:a.b.c.d
  if (zeros(0, 5) && (groups[5] === 0xffff || groups[5] === 0)) return toV4(groups[6]!, groups[7]!)
  if (zeros(0, 4) && groups[4] === 0xffff && groups[5] === 0) return toV4(groups[6]!, groups[7]!)
  // 64:ff9b::/96 (NAT64)
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return toV4(groups[6]!, groups[7]!)
  // 2002::/16 (6to4) carries the IPv4 address in groups 1 and 2
  if (groups[0] === 0x2002) return toV4(groups[1]!, groups[2]!)
  return undefined
}

/** The eight 16-bit groups of an IPv6 address (without a zone), or undefined when it is not one. */
const expandIpv6 = (address: string): number[] | undefined => {
  const plain = address.split('%')[0] ?? ''
  if (isIP(plain) !== 6) return undefined
  let text = plain
  const v4 = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/)
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const part = (s: string) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : [])
  const front = part(head)
  const back = tail === undefined ? [] : part(tail)
  const fill = tail === undefined ? 0 : 8 - front.length - back.length
  return [...front, ...Array<number>(fill).fill(0), ...back]
}

/** True for an address the server must not fetch from (unless private addresses are allowed). */
export const isForbiddenAddress = (address: string): boolean => {
  const plain = address.replace(/^\[|\]$/g, '').split('%')[0] ?? ''
  const family = isIP(plain)
  if (family === 4) return blocked.check(plain, 'ipv4')
  if (family !== 6) return true
  const v4 = embeddedIpv4(plain)
  if (v4 !== undefined && blocked.check(v4, 'ipv4')) return true
  return blocked.check(plain, 'ipv6')
}

/** What may be fetched beyond public addresses. */
export interface AddressPolicy {
  /** Every address (tests, a desk that fetches from its own network). */
  allowPrivate: boolean
  /** These addresses only (a file server on the local network), exactly as written (`192.168.1.10`, `::1`). */
  allowAddresses?: readonly string[]
}

/** True when the policy refuses to connect to this address. */
export const refused = (policy: AddressPolicy, address: string) => {
  if (policy.allowPrivate || !isForbiddenAddress(address)) return false
  const plain = address.replace(/^\[|\]$/g, '').toLowerCase()
  return !policy.allowAddresses?.some((allowed) => allowed.toLowerCase() === plain)
}

/** Raised by the lookup below; the fetcher turns it into ERR_OUTREACH_URL_FORBIDDEN. */
export class ForbiddenAddressError extends Error {
  readonly code = 'EOUTREACHFORBIDDEN'
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolves to ${address}, which the server may not fetch from`)
  }
}

/**
 * A `lookup` for `http.request`: resolves the name itself and refuses when any answer is a
 * forbidden address, so the socket connects only to an address that was checked (a second DNS
 * answer cannot slip a private address in between the check and the connection).
 */
export const guardedLookup =
  (policy: AddressPolicy): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0)
      const list = Array.isArray(addresses) ? addresses : []
      const bad = list.find((a) => refused(policy, a.address))
      if (bad) return callback(new ForbiddenAddressError(hostname, bad.address), '', 0)
      const first = list[0]
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0)
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list)
      callback(null, first.address, first.family)
    })
  }
