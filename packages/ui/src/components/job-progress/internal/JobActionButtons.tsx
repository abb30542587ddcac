import { Button, HStack } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { LuCirclePause, LuCirclePlay, LuCircleX, LuRotateCcw } from 'react-icons/lu'
import { type JobAction, jobActionAllowed, type OutreachJob } from '../../../internal/outreach/job'
import { useT } from '../../../internal/useT'

interface JobActionButtonsProps {
  job: OutreachJob
  pendingAction?: JobAction | null
  onPause?: (job: OutreachJob) => void
  onResume?: (job: OutreachJob) => void
  /** Asks for confirmation first (the caller's dialog). */
  onCancel?: (job: OutreachJob) => void
  onRetryFailed?: (job: OutreachJob) => void
}

/** Pause, resume, cancel and retry failed: each with its handler, and only when the job's status allows it. */
export function JobActionButtons({ job, pendingAction, ...handlers }: JobActionButtonsProps) {
  const t = useT()
  const actions: { action: JobAction; label: string; icon: ReactNode; handler?: (job: OutreachJob) => void }[] = [
    { action: 'pause', label: t('jobs.pause'), icon: <LuCirclePause />, handler: handlers.onPause },
    { action: 'resume', label: t('jobs.resume'), icon: <LuCirclePlay />, handler: handlers.onResume },
    { action: 'retryFailed', label: t('jobs.retryFailed'), icon: <LuRotateCcw />, handler: handlers.onRetryFailed },
    { action: 'cancel', label: t('jobs.cancel'), icon: <LuCircleX />, handler: handlers.onCancel },
  ]
  return (
    <HStack gap="2" wrap="wrap">
      {actions.map(
        ({ action, label, icon, handler }) =>
          handler &&
          jobActionAllowed(job, action) && (
            <Button
              key={action}
              size="sm"
              variant="outline"
              colorPalette={action === 'cancel' ? 'red' : 'gray'}
              disabled={Boolean(pendingAction) && pendingAction !== action}
              loading={pendingAction === action}
              loadingText={label}
              onClick={() => handler(job)}
            >
              {icon}
              {label}
            </Button>
          ),
      )}
    </HStack>
  )
}
