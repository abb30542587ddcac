import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openSimulatorNetwork, PHONE_BOOK_TRUST_MS, type SimulatorNetwork } from '../../src/drivers/simulator-network'

/** Lets the network write what a turn of the event loop gathered. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve))
/** Longer than the network trusts what it knows without asking the file whether another process wrote it. */
const pastTrust = () => new Promise((resolve) => setTimeout(resolve, PHONE_BOOK_TRUST_MS + 50))

const names = (network: SimulatorNetwork, connectionId = 1) =>
  Object.fromEntries(network.phoneBook(connectionId).map((c) => [c.number, c.name]))

describe("the simulated phone's address book, as customers write", () => {
  const opened: SimulatorNetwork[] = []
  const dirs: string[] = []
  const open = (dir: string) => {
    const network = openSimulatorNetwork(dir)
    opened.push(network)
    return network
  }
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'desk-phone-book-'))
    dirs.push(dir)
    return dir
  }
  afterEach(() => {
    for (const network of opened.splice(0)) network.close()
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('adds each customer who writes, keeps the name they write under, and follows a new one', async () => {
    const network = open(folder())
    network.addContact(1, { number: '5511900000001', name: 'Ann' })
    network.addContact(1, { number: '5511900000002', name: 'Ben' })
    network.addContact(1, { number: '5511900000001', name: 'Ann' })
    await nextTurn()
    expect(names(network)).toEqual({ '5511900000001': 'Ann', '5511900000002': 'Ben' })

    network.addContact(1, { number: '5511900000001', name: 'Ann Lee' })
    await nextTurn()
    network.addContact(1, { number: '5511900000001', name: 'Ann Lee' })
    expect(names(network)).toEqual({ '5511900000001': 'Ann Lee', '5511900000002': 'Ben' })
    expect(names(network, 2)).toEqual({})
  })

  it('writes a name again after another process on the same file changed it', async () => {
    const dir = folder()
    const one = open(dir)
    const two = open(dir)
    one.addContact(1, { number: '5511900000001', name: 'Ann' })
    await nextTurn()
    two.addContact(1, { number: '5511900000001', name: 'Annie' })
    await nextTurn()
    expect(names(one)).toEqual({ '5511900000001': 'Annie' })

    // The customer writes to the first process under their first name again: the book follows them.
    await pastTrust()
    one.addContact(1, { number: '5511900000001', name: 'Ann' })
    await nextTurn()
    expect(names(two)).toEqual({ '5511900000001': 'Ann' })
  })

  it('adds a customer again after the phone book was replaced without them', async () => {
    const network = open(folder())
    network.addContact(1, { number: '5511900000001', name: 'Ann' })
    await nextTurn()
    network.setPhoneBook(1, [{ number: '5511900000009', name: 'Zed' }], [])
    network.addContact(1, { number: '5511900000001', name: 'Ann' })
    await nextTurn()
    expect(names(network)).toEqual({ '5511900000009': 'Zed', '5511900000001': 'Ann' })
  })
})
