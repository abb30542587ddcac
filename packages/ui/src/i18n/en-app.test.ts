import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { en } from './en'
import { isPublicMessage } from './en-app'

/** What /login and /signup draw, and what they share with the app (errors, toasts, the language switcher). */
const PUBLIC_SOURCES = [
  '../components/login-form',
  '../components/signup-form',
  '../components/error-message',
  '../components/toaster',
  '../internal/AuthCard.tsx',
  '../internal/FormField.tsx',
  '../internal/schemas.ts',
  '../internal/useServerFieldErrors.ts',
  '../../../crm-app/src/pages/login',
  '../../../crm-app/src/pages/signup',
  '../../../crm-app/src/shell/AuthLayout.tsx',
  '../../../crm-app/src/shell/LanguageSelect.tsx',
  '../../../crm-app/src/lib/errors.ts',
  '../../../crm-app/src/lib/useFormErrors.ts',
  '../../../crm-app/src/routes',
].map((path) => resolve(import.meta.dirname, path))

const files = (path: string): string[] =>
  /\.tsx?$/.test(path)
    ? [path]
    : readdirSync(path, { withFileTypes: true }).flatMap((entry) => files(join(path, entry.name)))

describe('the English messages /login carries', () => {
  it('hold every message the public pages name', () => {
    const sources = PUBLIC_SOURCES.flatMap(files).filter((file) => !/\.(stories|test)\.tsx?$/.test(file))
    const named = sources.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/['`]([a-zA-Z]+\.[\w.]+)['`]/g)]
        .map((m) => m[1])
        .filter((id) => id in en),
    )
    expect(named.length).toBeGreaterThan(10)
    expect(named.filter((id) => !isPublicMessage(id))).toEqual([])
  })

  it('leave the signed-in app its own', () => {
    const keys = Object.keys(en)
    expect(keys.filter(isPublicMessage).length).toBeLessThan(keys.length / 3)
    expect(isPublicMessage('auth.login.title')).toBe(true)
    expect(isPublicMessage('tickets.list')).toBe(false)
  })
})
