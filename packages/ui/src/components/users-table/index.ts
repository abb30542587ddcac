export type { UsersTableProps, UsersTableUser } from './UsersTable'
export { UsersTable } from './UsersTable'
