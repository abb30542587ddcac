import { vi } from 'vitest'

/**
 * Passwords are hashed with bcrypt's lowest cost in the test processes: the desk's cost (10) makes every
 * signup, new user and sign-in spend ~90 ms of CPU, hundreds of times over the suite, while no test is about
 * the cost itself. Hashes and checks keep their real algorithm and format; the commands the tests start as
 * child processes (make-admin, the main entry) keep the real cost.
 */
vi.mock('bcryptjs', async (importOriginal) => {
  const bcrypt = (await importOriginal<{ default: typeof import('bcryptjs') }>()).default
  const hash = (password: string) => bcrypt.hash(password, 4)
  return { default: { ...bcrypt, hash } }
})
