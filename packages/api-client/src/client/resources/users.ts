import { type Requester, type RouteBody, type RouteQuery, routeCaller } from './types'

export const usersApi = (request: Requester) => {
  const call = routeCaller(request)
  return {
    list: ({ searchParam = '', pageNumber = 1 }: Partial<RouteQuery<'userList'>> = {}) =>
      call('userList', { query: { searchParam, pageNumber } }),
    get: (id: number) => call('userGet', { params: { id } }),
    create: (body: RouteBody<'userCreate'>) => call('userCreate', { body }),
    update: (id: number, body: RouteBody<'userUpdate'>) => call('userUpdate', { params: { id }, body }),
    delete: async (id: number): Promise<void> => {
      await call('userDelete', { params: { id } })
    },
  }
}
export type UsersApi = ReturnType<typeof usersApi>

export const settingsApi = (request: Requester) => {
  const call = routeCaller(request)
  return {
    list: () => call('settingList'),
    update: (key: string, value: string) => call('settingUpdate', { params: { key }, body: { value } }),
  }
}
export type SettingsApi = ReturnType<typeof settingsApi>
