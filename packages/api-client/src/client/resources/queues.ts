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
import { listQuery, type Requester } from './types'

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

export const queuesApi = (request: Requester): QueuesApi => ({
  list: () => request('/queue', { schema: 'QueueListResponse' }),
  get: (id) => request(`/queue/${id}`, { schema: 'QueueResponse' }),
  create: (body) => request('/queue', { method: 'POST', body, schema: 'QueueResponse' }),
  update: (id, body) => request(`/queue/${id}`, { method: 'PUT', body, schema: 'QueueResponse' }),
  delete: async (id) => {
    await request(`/queue/${id}`, { method: 'DELETE' })
  },
})

export const quickAnswersApi = (request: Requester): QuickAnswersApi => ({
  list: ({ searchParam = '', pageNumber = 1 } = {}) =>
    request('/quickAnswers', { query: { searchParam, pageNumber }, schema: 'QuickAnswerListResponse' }),
  get: (id) => request(`/quickAnswers/${id}`, { schema: 'QuickAnswerResponse' }),
  create: (body) => request('/quickAnswers', { method: 'POST', body, schema: 'QuickAnswerResponse' }),
  update: (id, body) => request(`/quickAnswers/${id}`, { method: 'PUT', body, schema: 'QuickAnswerResponse' }),
  delete: async (id) => {
    await request(`/quickAnswers/${id}`, { method: 'DELETE' })
  },
})

export const dashboardApi = (request: Requester): DashboardApi => ({
  get: ({ date, utcOffset } = {}) =>
    request('/dashboard', {
      query: listQuery({ date, utcOffset: utcOffset === undefined ? undefined : Number(utcOffset) }),
      schema: 'DashboardResponse',
    }),
})
