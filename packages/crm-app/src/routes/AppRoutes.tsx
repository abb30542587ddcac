import { lazy, type ReactNode, Suspense } from 'react'
import { Route, Switch } from 'wouter'
import { LoginPage } from '../pages/login/LoginPage'
import { Pending, PublicOnly, RequireAdmin, RequireAuth } from './guards'

// Everything behind the login is loaded on demand, so /login stays small.
const SignupPage = lazy(() => import('../pages/signup/SignupPage'))
const PrivateLayout = lazy(() => import('../shell/PrivateLayout'))
const DashboardPage = lazy(() => import('../pages/dashboard/DashboardPage'))
const TicketsPage = lazy(() => import('../pages/tickets/TicketsPage'))
const ConnectionsPage = lazy(() => import('../pages/connections/ConnectionsPage'))
const ContactsPage = lazy(() => import('../pages/contacts/ContactsPage'))
const QuickAnswersPage = lazy(() => import('../pages/quick-answers/QuickAnswersPage'))
const UsersPage = lazy(() => import('../pages/users/UsersPage'))
const QueuesPage = lazy(() => import('../pages/queues/QueuesPage'))
const TagsPage = lazy(() => import('../pages/tags/TagsPage'))
const SettingsPage = lazy(() => import('../pages/settings/SettingsPage'))
const MailSettingsPage = lazy(() => import('../pages/mail/MailSettingsPage'))
const BulkSendPage = lazy(() => import('../pages/outreach/BulkSendPage'))
const ImportHistoryPage = lazy(() => import('../pages/outreach/ImportHistoryPage'))
const SchedulePage = lazy(() => import('../pages/outreach/SchedulePage'))
const JobsPage = lazy(() => import('../pages/outreach/JobsPage'))
const JobPage = lazy(() => import('../pages/outreach/JobPage'))
const KanbanPage = lazy(() => import('../pages/kanban/KanbanPage'))
const BotsPage = lazy(() => import('../pages/bots/BotsPage'))
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

/**
 * The signed-in pages, by path. Outreach (seed 001): the seed's addresses for the sending pages, every job and one
 * job; Kanban (seed 001): the open tickets in lanes. Each page is its own route, so moving to another remounts it.
 */
const PAGES: ReadonlyArray<readonly [string, ReactNode]> = [
  ['/', <DashboardPage key="dashboard" />],
  ['/tickets/:ticketId?', <TicketsPage key="tickets" />],
  ['/connections', <ConnectionsPage key="connections" />],
  ['/contacts', <ContactsPage key="contacts" />],
  ['/quickAnswers', <QuickAnswersPage key="quickAnswers" />],
  ['/ZDG', <BulkSendPage key="text" variant="text" />],
  ['/ZDGMedia', <BulkSendPage key="media" variant="media" />],
  ['/ZDGMedia2', <BulkSendPage key="file" variant="file" />],
  ['/ZDGMedia3', <BulkSendPage key="audio" variant="audio" />],
  ['/ZDGAgendamento', <SchedulePage key="schedule" />],
  ['/ZDGHistorico', <ImportHistoryPage key="history" />],
  ['/jobs', <JobsPage key="jobs" />],
  ['/jobs/:id', <JobPage key="job" />],
  ['/ZDGKanban', <KanbanPage key="kanban" />],
]

/** Administration pages; each behind the admin guard. */
const ADMIN_PAGES = [
  ['/users', UsersPage],
  ['/queues', QueuesPage],
  ['/tags', TagsPage],
  ['/settings', SettingsPage],
  ['/mail', MailSettingsPage],
  ['/bots', BotsPage],
] as const

function PrivatePages() {
  return (
    <Switch>
      {PAGES.map(([path, page]) => (
        <Route key={path} path={path}>
          {page}
        </Route>
      ))}
      {ADMIN_PAGES.map(([path, Page]) => (
        <Route key={path} path={path}>
          <RequireAdmin>
            <Page />
          </RequireAdmin>
        </Route>
      ))}
      {/* Signed out, an unknown address goes to /login like any private one, and shows this after. */}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  )
}
