/**
 * The simulator driver's controls.
 * Method and path of each route, free of zod: the schemas are in `../simulator.ts`.
 */
import { get, post, put } from './verbs'

export const simulatorPaths = {
  simulatorScan: post('/simulator/:connectionId/scan'),
  simulatorInbound: post('/simulator/:connectionId/inbound'),
  simulatorOutbox: get('/simulator/:connectionId/outbox'),
  simulatorAck: post('/simulator/:connectionId/ack'),
  simulatorPhoneBook: put('/simulator/:connectionId/phonebook'),
  simulatorDrop: post('/simulator/:connectionId/drop'),
  simulatorHistory: put('/simulator/:connectionId/history'),
} as const
