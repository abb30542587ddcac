import { NotFound, PageContainer } from '@desk/ui'
import { useNavigate } from '../../routes/navigation'

/** Any address inside the signed-in app that leads to no page. */
export function NotFoundPage() {
  const navigate = useNavigate()
  return (
    <PageContainer>
      <NotFound onNavigate={(href) => navigate(href)} dashboardHref="/" ticketsHref="/tickets" />
    </PageContainer>
  )
}

export default NotFoundPage
