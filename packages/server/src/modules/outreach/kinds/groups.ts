import { GROUP_TEXT_MAX, requiredString } from '@desk/api-client'
import { z } from 'zod'
import { GroupActionUnsupported, type GroupFunctions, type MessagingDriver } from '../../../drivers/types'
import { driverTarget, type JobKindHandler, type KindRegistry } from './types'

/** The payload of a group job with a text: the new subject or description, or the message. */
export const GroupTextPayload = z.object({ text: requiredString(GROUP_TEXT_MAX.participants) })
export type GroupTextPayload = z.infer<typeof GroupTextPayload>
/** Open and close carry nothing but their groups. */
export const GroupNoPayload = z.object({})

const groupIdOf = (address: string) => address.replace(/@g\.us$/, '')

/** The driver's group function, or the network's refusal (recorded as the group's failure). */
const groupFunction = <K extends keyof GroupFunctions>(driver: MessagingDriver, name: K) => {
  const call = driver[name]
  if (typeof call !== 'function') throw new GroupActionUnsupported(String(name), driver.kind)
  return (call as (...args: unknown[]) => Promise<unknown>).bind(driver)
}

/**
 * A change to each group of the job (subject, description, who may write). The network answers no
 * message id: the group's id and the change stand for it in the recipient's record.
 */
const groupChange = <P>(
  payload: z.ZodType<P>,
  name: 'setGroupSubject' | 'setGroupDescription' | 'setGroupAnnounce',
  args: (p: P) => unknown[],
): JobKindHandler<P> => ({
  payload,
  waitsOnlyBefore: true,
  async send({ driver }, { address }, p) {
    const groupId = groupIdOf(address)
    await groupFunction(driver, name)(groupId, ...args(p))
    return { providerMessageId: `${name}:${groupId}` }
  },
})

/** A text sent to each recipient: the group itself (`post`) or a participant privately. */
const groupText: JobKindHandler<GroupTextPayload> = {
  payload: GroupTextPayload,
  waitsOnlyBefore: true,
  async send({ driver }, { address }, { text }) {
    const sent = await driver.sendText(driverTarget(address), text)
    return { providerMessageId: sent.providerMessageId }
  },
  conversationCopy: ({ text }) => ({ body: text, mediaType: 'chat' }),
}

/**
 * The group kinds: one recipient per group (subject, description, open, close, message in the
 * group) or per person (`groupParticipantsMessage`, the seed's "system message"). Each send is one
 * network call, claimed before and recorded after as every job's sends are, so a crash never
 * repeats one.
 */
export const groupKinds: KindRegistry = {
  groupSubject: groupChange(GroupTextPayload, 'setGroupSubject', (p) => [p.text]) as JobKindHandler,
  groupDescription: groupChange(GroupTextPayload, 'setGroupDescription', (p) => [p.text]) as JobKindHandler,
  groupOpen: groupChange(GroupNoPayload, 'setGroupAnnounce', () => [false]) as JobKindHandler,
  groupClose: groupChange(GroupNoPayload, 'setGroupAnnounce', () => [true]) as JobKindHandler,
  groupMessage: groupText as JobKindHandler,
  groupParticipantsMessage: groupText as JobKindHandler,
}
