import { z } from 'zod'
import { IdOrNone } from './common'
import { Locale, Profile, User } from './entities'
import { usersPaths } from './paths/users'
import { defineRoutes, noContent } from './route'
import { boundedString, email, Id, IdParams, PageQuery, password } from './validation'

export const USERS_PAGE_SIZE = 20

export const UserListQuery = PageQuery
export type UserListQuery = z.infer<typeof UserListQuery>
export const UserListResponse = z.object({ users: z.array(User), hasMore: z.boolean(), count: z.number().optional() })
export type UserListResponse = z.infer<typeof UserListResponse>

export const UserCreateRequest = z.object({
  name: boundedString(2, 50),
  email: email(),
  password: password(),
  profile: Profile.optional().default('user'),
  whatsappId: IdOrNone.optional(),
  queueIds: z.array(Id).max(500).optional().default([]),
  language: Locale.nullable().optional(),
})
export type UserCreateRequest = z.input<typeof UserCreateRequest>

/**
 * Update: every field optional. An empty password means "unchanged" for
 * clients that always send the field; a non-empty one must be 5–50.
 */
export const UserUpdateRequest = z.object({
  name: boundedString(2, 50).optional(),
  email: email().optional(),
  password: z.union([z.literal(''), password()]).optional(),
  profile: Profile.optional(),
  whatsappId: IdOrNone.optional(),
  queueIds: z.array(Id).max(500).optional(),
  language: Locale.nullable().optional(),
})
export type UserUpdateRequest = z.input<typeof UserUpdateRequest>

export const UserResponse = User

/** The routes of users, on the methods and paths of `./paths/users`. */
export const usersRoutes = /* @__PURE__ */ defineRoutes(usersPaths, () => ({
  userList: { query: UserListQuery, response: UserListResponse },
  userGet: { params: IdParams, response: UserResponse },
  userCreate: { body: UserCreateRequest, response: UserResponse },
  userUpdate: { params: IdParams, body: UserUpdateRequest, response: UserResponse },
  userDelete: { params: IdParams, ...noContent },
}))
