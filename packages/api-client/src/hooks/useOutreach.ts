import { useCallback, useMemo } from 'react'
import useSWR, { useSWRConfig } from 'swr'
import useSWRInfinite, { unstable_serialize } from 'swr/infinite'
import type { ApiError } from '../client'
import type {
  BulkAudioRequest,
  BulkFileRequest,
  BulkMediaRequest,
  BulkTextRequest,
  DirectEstimateResponse,
  DirectRequest,
  DispatchConnectionListResponse,
  Job,
  JobActionRequest,
  JobRecipientListResponse,
  OutreachFileListResponse,
  RecipientState,
  ScheduleRequest,
  SmsRequest,
  SyncMessageRequest,
  VoiceCallRequest,
} from '../contract'
import { keys } from './cache'
import { useApiContext } from './context'
import { flattenJobs, type JobListFilter, jobListFilterKey } from './jobRules'
import { useRegisteredList } from './listRegistry'
import { useJobCache } from './useJobCache'

type JobsKey = ReturnType<typeof keys.jobs>

/** A bulk send of any of the four pages, tagged with its variant. */
export type BulkSendInput =
  | ({ variant: 'text' } & BulkTextRequest)
  | ({ variant: 'media' } & BulkMediaRequest)
  | ({ variant: 'file' } & BulkFileRequest)
  | ({ variant: 'audio' } & BulkAudioRequest)
type RecipientsKey = ReturnType<typeof keys.jobRecipients>

const pagedState = <P extends { hasMore: boolean }>(
  data: P[] | undefined,
  size: number,
  isLoading: boolean,
  error: unknown,
) => ({
  hasMore: data ? (data[data.length - 1]?.hasMore ?? false) : false,
  isLoadingMore: !isLoading && size > 0 && data !== undefined && data[size - 1] === undefined && !error,
})

/**
 * Outreach jobs, newest first, 20 a page (the caller's own; every job for admins), kept live by
 * `job` socket events: counters rise as the server sends. `filter` narrows by kind and status; the
 * scheduled list asks the server for `scheduled=true` (soonest start first).
 */
export function useJobs(filter: JobListFilter = {}) {
  const { client, lists } = useApiContext()
  const filterKey = jobListFilterKey(filter)
  const getKey = useCallback(
    (index: number, previous: { hasMore: boolean } | null): JobsKey | null =>
      previous && !previous.hasMore ? null : keys.jobs(filterKey, index + 1),
    [filterKey],
  )
  useRegisteredList(lists, unstable_serialize(getKey), { kind: 'jobs', filter })
  const { kind, status } = filter
  const scheduled = filter.scheduled ? true : undefined
  const { data, error, isLoading, size, setSize, mutate } = useSWRInfinite(getKey, ([, , pageNumber]: JobsKey) =>
    client.outreach.jobs({ kind, status, scheduled, pageNumber }),
  )
  // biome-ignore lint/correctness/useExhaustiveDependencies: `filterKey` stands for `filter`.
  const jobs = useMemo(() => flattenJobs(data, filter), [data, filterKey])
  const { hasMore, isLoadingMore } = pagedState(data, size, isLoading, error)
  const loadMore = useCallback(() => {
    if (hasMore && !isLoadingMore && !isLoading && !error) void setSize((s) => s + 1)
  }, [hasMore, isLoadingMore, isLoading, error, setSize])
  return {
    jobs,
    hasMore,
    isLoading,
    isLoadingMore,
    error: error as ApiError | undefined,
    loadMore,
    reload: () => mutate(),
  }
}

/** One job by id (`null` waits), kept live by `job` socket events. */
export function useJob(id: number | null | undefined) {
  const { client } = useApiContext()
  const { data, error, isLoading, mutate } = useSWR<Job, ApiError>(id ? keys.job(id) : null, () =>
    client.outreach.job(id as number),
  )
  return { job: data, error, isLoading, reload: () => mutate() }
}

/** A job's recipients in list order, 100 a page, one state or all; fetched again as the job moves on. */
export function useJobRecipients(jobId: number | null | undefined, state: RecipientState | 'all' = 'all') {
  const { client, lists } = useApiContext()
  const getKey = useCallback(
    (index: number, previous: JobRecipientListResponse | null): RecipientsKey | null =>
      !jobId || (previous && !previous.hasMore) ? null : keys.jobRecipients(jobId, state, index + 1),
    [jobId, state],
  )
  useRegisteredList(lists, jobId ? unstable_serialize(getKey) : null, {
    kind: 'jobRecipients',
    jobId: jobId ?? 0,
    state,
  })
  const { data, error, isLoading, size, setSize, mutate } = useSWRInfinite<JobRecipientListResponse, ApiError>(
    getKey,
    ([, id, s, pageNumber]: RecipientsKey) =>
      client.outreach.recipients(id, { pageNumber, state: s === 'all' ? undefined : (s as RecipientState) }),
  )
  const recipients = useMemo(() => (data ?? []).flatMap((p) => p.recipients), [data])
  const { hasMore, isLoadingMore } = pagedState(data, size, isLoading, error)
  const loadMore = useCallback(() => {
    if (hasMore && !isLoadingMore && !isLoading && !error) void setSize((s) => s + 1)
  }, [hasMore, isLoadingMore, isLoading, error, setSize])
  return { recipients, hasMore, isLoading, isLoadingMore, error, loadMore, reload: () => mutate() }
}

/** The connections the dispatch id may name (`GET /whatsappzdg`). */
export function useDispatchConnections() {
  const { client } = useApiContext()
  const { data, error, isLoading, mutate } = useSWR<DispatchConnectionListResponse, ApiError>(
    keys.dispatchConnections,
    () => client.outreach.dispatchConnections(),
  )
  return { connections: data, error, isLoading, reload: () => mutate() }
}

/**
 * /InstaDirect: which of the user names (one a line) the desk can message now on the connection (the desk's
 * Instagram connection when null), and why the others cannot; nothing is asked while no name is typed.
 */
export function useDirectEstimate(userIg: string, connectionId: number | null) {
  const { client } = useApiContext()
  const typed = userIg.trim() !== ''
  const { data, error, isLoading } = useSWR<DirectEstimateResponse, ApiError>(
    typed ? ['directEstimate', userIg, connectionId] : null,
    () => client.outreach.directEstimate({ userIg, ...(connectionId ? { ticketwhatsappId: connectionId } : {}) }),
    { keepPreviousData: true },
  )
  return { estimate: typed ? data : undefined, error, isLoading }
}

/** The server's outreach folder (files the file and audio pages send by path). */
export function useOutreachFiles({ enabled = true }: { enabled?: boolean } = {}) {
  const { client } = useApiContext()
  const { data, error, isLoading, mutate } = useSWR<OutreachFileListResponse, ApiError>(
    enabled ? keys.outreachFiles : null,
    () => client.outreach.files(),
  )
  return { files: data?.files, folder: data?.folder, error, isLoading, reload: () => mutate() }
}

/** Start bulk sends, act on jobs, upload into the outreach folder; the cache follows each answer at once. */
export function useOutreachMutations() {
  const { client } = useApiContext()
  const { applyJob } = useJobCache()
  const { mutate } = useSWRConfig()
  return useMemo(
    () => ({
      async sendBulkText(body: BulkTextRequest) {
        const job = await client.outreach.bulkText(body)
        applyJob({ action: 'create', job })
        return job
      },
      /** /ZDG, /ZDGMedia, /ZDGMedia2 or /ZDGMedia3, by the input's variant. */
      async sendBulk({ variant, ...body }: BulkSendInput) {
        const { outreach } = client
        const job = await (variant === 'text'
          ? outreach.bulkText(body as BulkTextRequest)
          : variant === 'media'
            ? outreach.bulkMedia(body as BulkMediaRequest)
            : variant === 'file'
              ? outreach.bulkFile(body as BulkFileRequest)
              : outreach.bulkAudio(body as BulkAudioRequest))
        applyJob({ action: 'create', job })
        return job
      },
      /** /SMS: one SMS to each number, as a job. */
      async sendSms(body: SmsRequest) {
        const job = await client.outreach.sendSms(body)
        applyJob({ action: 'create', job })
        return job
      },
      /** /VoiceCall: one call speaking the text to each number, as a job. */
      async makeVoiceCall(body: VoiceCallRequest) {
        const job = await client.outreach.makeVoiceCall(body)
        applyJob({ action: 'create', job })
        return job
      },
      /** /InstaDirect: an Instagram message to each name the desk can reach now, as a job. */
      async sendDirect(body: DirectRequest) {
        const job = await client.outreach.sendDirect(body)
        applyJob({ action: 'create', job })
        return job
      },
      async importHistory(body: SyncMessageRequest) {
        const job = await client.outreach.syncMessage(body)
        applyJob({ action: 'create', job })
        return job
      },
      /** Starts now the connection's jobs scheduled on the day. */
      async startScheduled(body: ScheduleRequest) {
        const { jobs } = await client.outreach.scheduleStart(body)
        for (const job of jobs) applyJob({ action: 'update', job })
        return jobs
      },
      async jobAction(id: number, action: Exclude<JobActionRequest['action'], 'reschedule'>) {
        const job = await client.outreach.jobAction(id, { action })
        applyJob({ action: 'update', job })
        return job
      },
      /** Moves a job that has not started to `startAt` (ISO). */
      async reschedule(id: number, startAt: string) {
        const job = await client.outreach.jobAction(id, { action: 'reschedule', startAt })
        applyJob({ action: 'update', job })
        return job
      },
      async uploadFile(file: File) {
        const uploaded = await client.outreach.uploadFile(file, file.name, true)
        void mutate(keys.outreachFiles)
        return uploaded
      },
      recipientsCsv: (id: number) => client.outreach.recipientsCsv(id),
    }),
    [client, applyJob, mutate],
  )
}
