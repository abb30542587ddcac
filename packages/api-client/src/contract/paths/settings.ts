/**
 * Settings.
 * Method and path of each route, free of zod: the schemas are in `../settings.ts`.
 */
import { get, put } from './verbs'

export const settingsPaths = {
  settingList: get('/settings'),
  settingUpdate: put('/settings/:key'),
} as const
