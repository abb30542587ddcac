import { SettingParams, SettingUpdateRequest } from '@desk/api-client'
import type { FastifyInstance } from 'fastify'
import { actorOf, authGuard } from '../../http/auth-guard'
import { parseInput } from '../../http/errors'
import type { Services } from '../../http/services'

export const settingsRoutes = async (app: FastifyInstance, { auth, settings }: Services) => {
  app.addHook('preHandler', authGuard(auth))

  app.get('/settings', async (request) => settings.list(actorOf(request)))

  app.put('/settings/:key', async (request) => {
    const { key } = parseInput(SettingParams, request.params)
    const { value } = parseInput(SettingUpdateRequest, request.body)
    return settings.update(actorOf(request), key, value)
  })
}
