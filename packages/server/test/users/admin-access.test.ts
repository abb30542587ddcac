import type { User } from '@desk/api-client'
import { describe, expect, it } from 'vitest'
import type { Db } from '../../src/db'
import type { SimulatorNetwork } from '../../src/drivers/simulator-network'
import type { SessionManager } from '../../src/modules/connections/sessions'
import { createSimulatorService } from '../../src/modules/simulator/service'
import {
  type Actor,
  requireAdmin,
  requireAdminForAssignments,
  requireSelfOrAdmin,
} from '../../src/modules/users/access'

const admin: Actor = { id: 1, name: 'Root', profile: 'admin' }
const agent: Actor = { id: 2, name: 'Ana', profile: 'user' }
const refused = { code: 'ERR_NO_PERMISSION', status: 403 }

const agentUser: User = {
  id: 2,
  name: 'Ana',
  email: 'ana@desk.test',
  profile: 'user',
  queues: [
    { id: 7, name: 'Sales', color: '#aa0000' },
    { id: 9, name: 'Support', color: '#00aa00' },
  ],
  whatsappId: 3,
  whatsapp: { id: 3, name: 'Main' },
  language: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}

describe('permission rules in one place', () => {
  it('requireAdmin lets admins through and refuses agents with ERR_NO_PERMISSION', () => {
    expect(() => requireAdmin(admin)).not.toThrow()
    expect(() => requireAdmin(agent)).toThrow(expect.objectContaining(refused))
  })

  it('an agent edits only themselves; an admin edits anyone', () => {
    expect(() => requireSelfOrAdmin(agent, agent.id)).not.toThrow()
    expect(() => requireSelfOrAdmin(agent, admin.id)).toThrow(expect.objectContaining(refused))
    expect(() => requireSelfOrAdmin(admin, agent.id)).not.toThrow()
  })

  it('an agent may send their form back unchanged but not change profile, queues or connection', () => {
    const same = { profile: 'user' as const, queueIds: [9, 7, 7], whatsappId: 3 }
    expect(() => requireAdminForAssignments(agent, agentUser, same)).not.toThrow()
    expect(() => requireAdminForAssignments(agent, agentUser, {})).not.toThrow()
    for (const change of [
      { profile: 'admin' as const },
      { queueIds: [7] },
      { queueIds: [7, 9, 11] },
      { whatsappId: null },
    ]) {
      expect(() => requireAdminForAssignments(agent, agentUser, change)).toThrow(expect.objectContaining(refused))
      expect(() => requireAdminForAssignments(admin, agentUser, change)).not.toThrow()
    }
  })
})

describe('simulator calls', () => {
  // Neither is reached: the caller is refused before the connection is looked up.
  const simulator = createSimulatorService({
    db: {} as Db,
    sessions: {} as SessionManager,
    network: {} as SimulatorNetwork,
  })

  it('refuse an agent before the path is read, so a bad id still answers 403', () => {
    let read = false
    const connectionId = () => {
      read = true
      throw new Error('the path was read')
    }
    expect(() => simulator.authorize(agent, connectionId)).toThrow(expect.objectContaining(refused))
    expect(read).toBe(false)
  })

  it('read the path for an admin', () => {
    expect(simulator.authorize(admin, () => 42).connectionId).toBe(42)
  })
})
