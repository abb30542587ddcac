import type { Connection, ConnectionCreateRequest, ConnectionUpdateRequest } from '@desk/api-client'
import type { ConnectionModalValues } from '@desk/ui'

/** What the connection modal starts from when editing. */
export const toModalValues = (c: Connection): ConnectionModalValues => ({
  name: c.name,
  isDefault: c.isDefault,
  greetingMessage: c.greetingMessage ?? '',
  farewellMessage: c.farewellMessage ?? '',
  queueIds: c.queues.map((q) => q.id),
  driver: c.driver ?? 'simulator',
})

export const createBody = (v: ConnectionModalValues): ConnectionCreateRequest => ({
  name: v.name,
  isDefault: v.isDefault,
  greetingMessage: v.greetingMessage,
  farewellMessage: v.farewellMessage,
  queueIds: v.queueIds,
  driver: v.driver,
})

/** The driver of an existing connection cannot change. */
export const updateBody = (v: ConnectionModalValues): ConnectionUpdateRequest => {
  const { driver: _driver, ...rest } = createBody(v)
  return rest
}
