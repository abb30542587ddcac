import { lazy, Suspense } from 'react'
import { Route, Routes } from 'react-router'
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
 * Routes of seed 000 §2 and the outreach pages of seed 001. Paths match case-insensitively, so /Queues and /Settings
 * (the spelling of the original route table) reach the same pages as the menu's. Any other address
 * shows the not-found page inside the shell.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicOnly />}>
        <Route path="/login" element={<LoginPage />} />
        <Route
          path="/signup"
          element={
            <Suspense fallback={<Pending />}>
              <SignupPage />
            </Suspense>
          }
        />
      </Route>
      <Route element={<RequireAuth />}>
        <Route
          element={
            <Suspense fallback={<Pending />}>
              <PrivateLayout />
            </Suspense>
          }
        >
          <Route index element={<DashboardPage />} />
          <Route path="tickets/:ticketId?" element={<TicketsPage />} />
          <Route path="connections" element={<ConnectionsPage />} />
          <Route path="contacts" element={<ContactsPage />} />
          <Route path="quickAnswers" element={<QuickAnswersPage />} />
          {/* Outreach (seed 001): the seed's addresses for the sending pages; every job and one job. */}
          <Route path="ZDG" element={<BulkSendPage key="text" variant="text" />} />
          <Route path="ZDGMedia" element={<BulkSendPage key="media" variant="media" />} />
          <Route path="ZDGMedia2" element={<BulkSendPage key="file" variant="file" />} />
          <Route path="ZDGMedia3" element={<BulkSendPage key="audio" variant="audio" />} />
          <Route path="ZDGAgendamento" element={<SchedulePage />} />
          <Route path="ZDGHistorico" element={<ImportHistoryPage />} />
          <Route path="jobs" element={<JobsPage />} />
          <Route path="jobs/:id" element={<JobPage />} />
          {/* Kanban (seed 001): the open tickets in lanes. */}
          <Route path="ZDGKanban" element={<KanbanPage />} />
          <Route element={<RequireAdmin />}>
            <Route path="users" element={<UsersPage />} />
            <Route path="queues" element={<QueuesPage />} />
            <Route path="tags" element={<TagsPage />} />
            <Route path="settings" element={<SettingsPage />} />
            <Route path="mail" element={<MailSettingsPage />} />
            <Route path="bots" element={<BotsPage />} />
          </Route>
          {/* Signed out, an unknown address goes to /login like any private one, and shows this after. */}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  )
}
