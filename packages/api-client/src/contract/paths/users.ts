/**
 * Users.
 * Method and path of each route, free of zod: the schemas are in `../users.ts`.
 */
import { del, get, post, put } from './verbs'

export const usersPaths = {
  userList: get('/users'),
  userGet: get('/users/:id'),
  userCreate: post('/users'),
  userUpdate: put('/users/:id'),
  userDelete: del('/users/:id'),
} as const
