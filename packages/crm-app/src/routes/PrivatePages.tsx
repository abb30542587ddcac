import { lazy } from 'react'
import { Route, Switch } from 'wouter'
import { APP_PAGES } from '../pages/pageTable'
import { RequireAdmin } from './guards'

const NotFoundPage = lazy(() => import('../pages/not-found/NotFoundPage'))

/**
 * The signed-in pages, from the page table (`APP_PAGES`); administration behind the admin guard. Loaded with the
 * signed-in layout, so the table (its menu labels and a loader per page) is no part of /login.
 */
export default function PrivatePages() {
  return (
    <Switch>
      {APP_PAGES.map(({ path, page: Page, role }) => (
        <Route key={path} path={path}>
          {role === 'admin' ? (
            <RequireAdmin>
              <Page />
            </RequireAdmin>
          ) : (
            <Page />
          )}
        </Route>
      ))}
      {/* Signed out, an unknown address goes to /login like any private one, and shows this after. */}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  )
}
