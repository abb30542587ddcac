import { listQuery, type Requester, type RouteBody, type RouteQuery, routeCaller } from './types'

export const queuesApi = (request: Requester) => {
  const call = routeCaller(request)
  return {
    /** Every queue, by name. */
    list: () => call('queueList'),
    get: (id: number) => call('queueGet', { params: { id } }),
    /** Admin-only writes. */
    create: (body: RouteBody<'queueCreate'>) => call('queueCreate', { body }),
    update: (id: number, body: RouteBody<'queueUpdate'>) => call('queueUpdate', { params: { id }, body }),
    delete: async (id: number): Promise<void> => {
      await call('queueDelete', { params: { id } })
    },
  }
}
export type QueuesApi = ReturnType<typeof queuesApi>

export const quickAnswersApi = (request: Requester) => {
  const call = routeCaller(request)
  return {
    /** 20 a page; `searchParam` matches the shortcut. */
    list: ({ searchParam = '', pageNumber = 1 }: { searchParam?: string; pageNumber?: number } = {}) =>
      call('quickAnswerList', { query: { searchParam, pageNumber } }),
    get: (id: number) => call('quickAnswerGet', { params: { id } }),
    create: (body: RouteBody<'quickAnswerCreate'>) => call('quickAnswerCreate', { body }),
    update: (id: number, body: RouteBody<'quickAnswerUpdate'>) => call('quickAnswerUpdate', { params: { id }, body }),
    delete: async (id: number): Promise<void> => {
      await call('quickAnswerDelete', { params: { id } })
    },
  }
}
export type QuickAnswersApi = ReturnType<typeof quickAnswersApi>

export const dashboardApi = (request: Requester) => {
  const call = routeCaller(request)
  return {
    get: ({ date, utcOffset }: RouteQuery<'dashboard'> = {}) =>
      call('dashboard', {
        query: listQuery({ date, utcOffset: utcOffset === undefined ? undefined : Number(utcOffset) }),
      }),
  }
}
export type DashboardApi = ReturnType<typeof dashboardApi>
