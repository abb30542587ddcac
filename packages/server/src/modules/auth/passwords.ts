import bcrypt from 'bcryptjs'

export const BCRYPT_COST = 10

export const hashPassword = (password: string) => bcrypt.hash(password, BCRYPT_COST)

export const checkPassword = (password: string, hash: string) => bcrypt.compare(password, hash)
