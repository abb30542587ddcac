import { Center, Spinner, Stack, Text } from '@chakra-ui/react'
import { lazy, type ReactNode, Suspense } from 'react'
import { LuMailCheck, LuMoon } from 'react-icons/lu'
import { useT } from '../../internal/useT'
import type { UiError } from '../error-message/useErrorText'

/** The form, its schema and react-hook-form: a chunk of their own, loaded only when nobody is online. */
const OfflineEmailForm = lazy(() => import('./internal/OfflineEmailForm'))

export interface WidgetPanelOfflineProps {
  /** A valid address was entered and sent. */
  onSubmit: (values: { email: string }) => void
  /** The address was saved: the confirmation replaces the form. */
  submitted?: boolean
  /** The address the confirmation names. */
  submittedEmail?: string
  isSubmitting?: boolean
  /** The last attempt failed (translated by its code). */
  error?: UiError | null
  defaultEmail?: string
}

/** Nobody is online: leave an e-mail address for the reply, then a confirmation. */
export function WidgetPanelOffline(props: WidgetPanelOfflineProps) {
  const t = useT()
  if (props.submitted) {
    return (
      <Notice icon={<LuMailCheck aria-hidden size="24" />} title={t('widget.offline.submittedTitle')} status>
        {props.submittedEmail
          ? t('widget.offline.submittedBody', { email: props.submittedEmail })
          : t('widget.offline.submittedBodyNoEmail')}
      </Notice>
    )
  }
  return (
    <Notice icon={<LuMoon aria-hidden size="24" />} title={t('widget.offline.title')}>
      {t('widget.offline.body')}
      <Suspense
        fallback={
          <Center height="24">
            <Spinner size="sm" color="fg.muted" />
          </Center>
        }
      >
        <OfflineEmailForm
          onSubmit={props.onSubmit}
          isSubmitting={props.isSubmitting}
          error={props.error}
          defaultEmail={props.defaultEmail}
        />
      </Suspense>
    </Notice>
  )
}

interface NoticeProps {
  icon: ReactNode
  title: string
  /** Announced when it appears (the confirmation). */
  status?: boolean
  children: ReactNode
}

function Notice({ icon, title, status, children }: NoticeProps) {
  const [text, ...rest] = Array.isArray(children) ? children : [children]
  return (
    <Stack
      role={status ? 'status' : undefined}
      flex="1"
      minHeight="0"
      overflowY="auto"
      gap="3"
      padding="6"
      justifyContent="center"
      bg="bg.subtle"
    >
      <Center boxSize="12" borderRadius="full" bg="colorPalette.muted" color="colorPalette.fg" alignSelf="center">
        {icon}
      </Center>
      <Text as="h3" textStyle="md" fontWeight="semibold" textAlign="center">
        {title}
      </Text>
      <Text textStyle="sm" color="fg.muted" textAlign="center">
        {text}
      </Text>
      {rest}
    </Stack>
  )
}
