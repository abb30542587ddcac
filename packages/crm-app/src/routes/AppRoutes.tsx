import { lazy, Suspense } from 'react'
import { Route, Switch } from 'wouter'
import { LoginPage } from '../pages/login/LoginPage'
import { APP_PAGES } from '../pages/pageTable'
import { Pending, PublicOnly, RequireAdmin, RequireAuth } from './guards'

// Everything behind the login is loaded on demand, so /login stays small.
const SignupPage = lazy(() => import('../pages/signup/SignupPage'))
const PrivateLayout = lazy(() => import('../shell/PrivateLayout'))
const NotFoundPage = lazy(() => import('../pages/not-found/NotFoundPage'))

/**
 * Routes of seed 000 §2 and the outreach pages of seed 001. Paths match case-insensitively (the router's patterns do), so /Queues and /Settings
 * (the spelling of the original route table) reach the same pages as the menu's. Any other address
 * shows the not-found page inside the shell.
 */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/login">
        <PublicOnly>
          <LoginPage />
        </PublicOnly>
      </Route>
      <Route path="/signup">
        <PublicOnly>
          <Suspense fallback={<Pending />}>
            <SignupPage />
          </Suspense>
        </PublicOnly>
      </Route>
      {/* Every other address is private: the layout stays while its pages change. */}
      <Route>
        <RequireAuth>
          <Suspense fallback={<Pending />}>
            <PrivateLayout>
              <PrivatePages />
            </PrivateLayout>
          </Suspense>
        </RequireAuth>
      </Route>
    </Switch>
  )
}

/** The signed-in pages, from the page table (`APP_PAGES`); administration behind the admin guard. */
function PrivatePages() {
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
