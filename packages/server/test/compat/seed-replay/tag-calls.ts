import { setTimeout as sleep } from 'node:timers/promises'
import { expect } from 'vitest'
import type { Json, SeedAnswer, SeedClient } from './seed-client'

/** The seed's tag editor waits this long between clearing a contact's tags and setting them again. */
export const SEED_TAG_GAP_MS = 1500

/**
 * The tag calls of the seed's conversation screen (spec 000 §7, spec 001 §7), as its contact
 * drawer and ticket list items send them to the automation host, which is our API root:
 * `GET getZDGTags/` (with its trailing slash) for the catalogue, `GET getZDGUserTags/<number>` for
 * a contact's names, and saving the editor as `POST zdgDeleteUserTags {msgFrom}`, a pause, then
 * `POST zdgSetUserTags {msgFrom, tags}`: `msgFrom` the number with `@c.us`, `tags` the chosen
 * names joined by commas. They go with the agent's session, as the other conversation-screen calls do.
 */
export const seedTagCalls = (client: SeedClient) => {
  const clear = (number: string) =>
    client.send({ method: 'POST', path: '/zdgDeleteUserTags', json: { msgFrom: `${number}@c.us` } })
  const set = (number: string, names: string[]) =>
    client.send({ method: 'POST', path: '/zdgSetUserTags', json: { msgFrom: `${number}@c.us`, tags: names.join(',') } })
  return {
    catalogue: () => client.send({ method: 'GET', path: '/getZDGTags/' }),
    namesOf: (number: string) => client.send({ method: 'GET', path: `/getZDGUserTags/${number}` }),
    clear,
    set,
    /**
     * Saving the editor as the seed does: clear, the pause (or what `inTheGap` does instead, so a
     * test decides what happens there), then set. Answers both answers.
     */
    async save(number: string, names: string[], inTheGap: () => Promise<unknown> = () => sleep(SEED_TAG_GAP_MS)) {
      const cleared = await clear(number)
      await inTheGap()
      return { cleared, set: await set(number, names) }
    },
  }
}

/** The catalogue as the seed's drawer reads it: a list of `{tag, color}`. */
export const readCatalogue = (answer: SeedAnswer): Array<{ tag: string; color: string }> => {
  expect(answer.status).toBe(200)
  expect(answer.body).toEqual(expect.any(Array))
  for (const item of answer.body as Json[])
    expect(item).toMatchObject({ tag: expect.any(String), color: expect.any(String) })
  return answer.body
}

/**
 * A contact's tags as the seed family's clients show them: the answer read as JSON (one JSON
 * string, `"VIP,Late payer"`), split on commas, each name coloured from the catalogue
 * (`[name, colour]`; none for an empty string). A plain-text answer is no JSON to them: no tags.
 */
export const readShownTags = (answer: SeedAnswer, catalogue: Array<{ tag: string; color: string }>) => {
  expect(answer.status).toBe(200)
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/)
  expect(answer.body).toEqual(expect.any(String))
  return (answer.body as string)
    .split(',')
    .filter(Boolean)
    .map((name): [string, string | undefined] => [name, catalogue.find((t) => t.tag === name)?.color])
}
