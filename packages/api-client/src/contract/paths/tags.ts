/**
 * Tags: the catalogue (admins write it), a contact's tags, and the seed's calls.
 * Method and path of each route, free of zod: the schemas are in `../tags.ts`.
 */
import { del, get, post, put } from './verbs'

export const tagsPaths = {
  tagList: get('/tags'),
  tagCreate: post('/tags'),
  tagUpdate: put('/tags/:id'),
  tagDelete: del('/tags/:id'),
  contactTags: get('/contacts/:id/tags'),
  /** Replaces the contact's tags in one step. */
  contactTagsSet: put('/contacts/:id/tags'),
  seedTagList: get('/getZDGTags'),
  /** The contact's tag names joined by commas, as one JSON string. */
  seedUserTags: get('/getZDGUserTags/:number'),
  seedSetUserTags: post('/zdgSetUserTags'),
  seedDeleteUserTags: post('/zdgDeleteUserTags'),
} as const
