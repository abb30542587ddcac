import type {
  DashboardQuery,
  DashboardResponse,
  Queue,
  QueueCreateRequest,
  QueueUpdateRequest,
  QuickAnswer,
  QuickAnswerCreateRequest,
  QuickAnswerListResponse,
  QuickAnswerUpdateRequest,
} from '../../contract'
import { listQuery, type Requester, routeCaller } from './types'

export interface QueuesApi {
  /** Every queue, by name. */
  list(): Promise<Queue[]>
  get(id: number): Promise<Queue>
  /** Admin-only writes. */
  create(body: QueueCreateRequest): Promise<Queue>
  update(id: number, body: QueueUpdateRequest): Promise<Queue>
  delete(id: number): Promise<void>
}

export interface QuickAnswersApi {
  /** 20 a page; `searchParam` matches the shortcut. */
  list(query?: { searchParam?: string; pageNumber?: number }): Promise<QuickAnswerListResponse>
  get(id: number): Promise<QuickAnswer>
  create(body: QuickAnswerCreateRequest): Promise<QuickAnswer>
  update(id: number, body: QuickAnswerUpdateRequest): Promise<QuickAnswer>
  delete(id: number): Promise<void>
}

export interface DashboardApi {
  get(query?: DashboardQuery): Promise<DashboardResponse>
}

export const queuesApi = (request: Requester): QueuesApi => {
  const call = routeCaller(request)
  return {
    list: () => call('queueList'),
    get: (id) => call('queueGet', { params: { id } }),
    create: (body) => call('queueCreate', { body }),
    update: (id, body) => call('queueUpdate', { params: { id }, body }),
    delete: async (id) => {
      await call('queueDelete', { params: { id } })
    },
  }
}

export const quickAnswersApi = (request: Requester): QuickAnswersApi => {
  const call = routeCaller(request)
  return {
    list: ({ searchParam = '', pageNumber = 1 } = {}) =>
      call('quickAnswerList', { query: { searchParam, pageNumber } }),
    get: (id) => call('quickAnswerGet', { params: { id } }),
    create: (body) => call('quickAnswerCreate', { body }),
    update: (id, body) => call('quickAnswerUpdate', { params: { id }, body }),
    delete: async (id) => {
      await call('quickAnswerDelete', { params: { id } })
    },
  }
}

export const dashboardApi = (request: Requester): DashboardApi => {
  const call = routeCaller(request)
  return {
    get: ({ date, utcOffset } = {}) =>
      call('dashboard', {
        query: listQuery({ date, utcOffset: utcOffset === undefined ? undefined : Number(utcOffset) }),
      }),
  }
}
