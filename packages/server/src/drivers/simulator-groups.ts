import { randomBytes, randomInt } from 'node:crypto'
import type { SimulatedGroup, SimulatorNetwork } from './simulator-network'
import type { CreatedGroup, DriverGroup, GroupFunctions } from './types'

/** The simulated phone's own number: made from its connection's id, the same in every process. */
export const simulatorOwnNumber = (connectionId: number) => `55119${String(connectionId).padStart(8, '0')}`

const digits = (value: string) => value.replace(/\D/g, '')
const inviteCode = () => randomBytes(12).toString('base64url')
const groupIdOf = (connectionId: number, n: number) =>
  `120363${String(connectionId).padStart(9, '0')}${String(n).padStart(3, '0')}`

/**
 * The groups a new simulated phone is in, so the groups page has something to show without a real
 * phone: two it administers (one closed) sharing a member, and one it only belongs to.
 */
export const demoGroups = (connectionId: number): SimulatedGroup[] => {
  const me = { number: simulatorOwnNumber(connectionId), admin: true }
  const member = (n: string) => ({ number: `5511955501${n}`, admin: false })
  return [
    {
      id: groupIdOf(connectionId, 1),
      name: 'Clientes VIP',
      description: 'Ofertas y novedades para clientes VIP',
      announce: false,
      inviteCode: inviteCode(),
      members: [me, member('01'), member('02'), member('03')],
    },
    {
      id: groupIdOf(connectionId, 2),
      name: 'Avisos de soporte',
      description: 'Solo los administradores publican aquí',
      announce: true,
      inviteCode: inviteCode(),
      members: [me, member('03'), member('04')],
    },
    {
      id: groupIdOf(connectionId, 3),
      name: 'Proveedores',
      description: null,
      announce: false,
      inviteCode: inviteCode(),
      members: [{ ...me, admin: false }, { ...member('05'), admin: true }, member('06')],
    },
  ]
}

export const inviteLinkOf = (code: string) => `https://chat.whatsapp.com/${code}`

/**
 * The simulated phone's group functions over the network's file: every change is committed there
 * before it answers, and only an admin may change a group (as on the real network).
 */
export const simulatorGroups = (
  network: SimulatorNetwork,
  connectionId: number,
  ensureConnected: () => void,
): Required<Omit<GroupFunctions, 'ownNumber'>> & { group(groupId: string): SimulatedGroup | undefined } => {
  const me = simulatorOwnNumber(connectionId)
  const all = () => {
    network.seedGroups(connectionId, () => demoGroups(connectionId))
    return network.groups(connectionId)
  }
  const group = (groupId: string) => all().find((g) => g.id === groupId.replace(/@g\.us$/, ''))
  const administered = (groupId: string) => {
    ensureConnected()
    const found = group(groupId)
    if (!found) throw new Error('the phone is not in this group')
    if (!found.members.some((m) => m.number === me && m.admin)) throw new Error('not an admin of this group')
    return found
  }
  const change = async (groupId: string, changes: Partial<SimulatedGroup>) => {
    network.saveGroup(connectionId, { ...administered(groupId), ...changes })
  }
  const toDriverGroup = (g: SimulatedGroup): DriverGroup => ({
    id: g.id,
    name: g.name,
    description: g.description,
    participants: g.members.filter((m) => m.number !== me).map((m) => m.number),
    isAdmin: g.members.some((m) => m.number === me && m.admin),
    announce: g.announce,
  })

  return {
    group,
    async listGroups() {
      ensureConnected()
      return all().map(toDriverGroup)
    },
    async createGroup(title: string, participants: string[]): Promise<CreatedGroup> {
      ensureConnected()
      const created: SimulatedGroup = {
        id: groupIdOf(connectionId, randomInt(100, 1_000_000)),
        name: title,
        description: null,
        announce: false,
        inviteCode: inviteCode(),
        members: [
          { number: me, admin: true },
          ...[...new Set(participants.map(digits))]
            .filter((n) => n && n !== me)
            .map((number) => ({ number, admin: false })),
        ],
      }
      network.saveGroup(connectionId, created)
      return { id: created.id, inviteLink: inviteLinkOf(created.inviteCode), invited: false }
    },
    setGroupSubject: (groupId, subject) => change(groupId, { name: subject }),
    setGroupDescription: (groupId, description) => change(groupId, { description }),
    setGroupAnnounce: (groupId, announce) => change(groupId, { announce }),
    async groupInviteLink(groupId) {
      return inviteLinkOf(administered(groupId).inviteCode)
    },
  }
}
