import type { Executor } from '../../db'

/** The network id of a message of this connection, named by its desk id or by that network id. */
export const findProviderMessageId = async (
  db: Executor,
  connectionId: number,
  messageId: number | string,
): Promise<string | null | undefined> =>
  (
    await db
      .selectFrom('messages')
      .select('providerMessageId')
      .where('whatsappId', '=', connectionId)
      .where(typeof messageId === 'number' ? 'id' : 'providerMessageId', '=', messageId as never)
      .executeTakeFirst()
  )?.providerMessageId
