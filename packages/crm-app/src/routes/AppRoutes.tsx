import { lazy, Suspense } from 'react'
import { Route, Switch } from 'wouter'
import { LoginPage } from '../pages/login/LoginPage'
import { Pending, PublicOnly, RequireAuth } from './guards'

// Everything behind the login is loaded on demand, so /login stays small.
const SignupPage = lazy(() => import('../pages/signup/SignupPage'))
const PrivateLayout = lazy(() => import('../shell/PrivateLayout'))
// The signed-in pages' table comes with the layout: the layout's file holds it once built (build/chunk-plan.ts).
const PrivatePages = lazy(() => import('./PrivatePages'))

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
