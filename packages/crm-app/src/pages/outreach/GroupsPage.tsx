import { useGroups, useJob } from '@desk/api-client/hooks'
import { type DirectoryGroup, GroupsDirectory, GroupsForm, PageContainer, PageHeader, useNotify } from '@desk/ui'
import { useEffect, useState } from 'react'
import { asUiError } from '../../lib/errors'
import { useT } from '../../lib/useT'
import { PageJobs } from './internal/PageJobs'
import { useDispatchField } from './internal/useDispatchConnections'
import { useGroupActions } from './internal/useGroupActions'

/**
 * /ZDGGroups: the connection's groups and the seed's six tabs. Each change to the chosen groups is a job on the
 * server, confirmed first and followed under the form; "Crear Grupo" answers at once with the invite link.
 */
export function GroupsPage() {
  const t = useT()
  const notify = useNotify()
  const dispatch = useDispatchField()
  const [whatsappId, setWhatsappId] = useState<number | null>(null)
  const connected = dispatch.connections.some((c) => c.id === whatsappId && c.status === 'CONNECTED')
  const directory = useGroups(connected ? whatsappId : null)
  const [selected, setSelected] = useState<string[]>([])
  const [search, setSearch] = useState('')
  const actions = useGroupActions(selected)
  const { job: started } = useJob(actions.started?.id)

  // Another connection has other groups.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the connection changes.
  useEffect(() => setSelected([]), [whatsappId])
  // A group gone from the connection (read again) is no longer chosen.
  const listed = directory.groups
  useEffect(() => {
    if (listed)
      setSelected((ids) =>
        ids.every((id) => listed.some((g) => g.id === id)) ? ids : ids.filter((id) => listed.some((g) => g.id === id)),
      )
  }, [listed])
  // A job that renamed, described, opened or closed groups has finished: read the directory again. Keyed by
  // the job, not by "a job finished": a quick job can be known finished from its first read (its last event
  // came before the answer that named it), and the one before it had finished too.
  const finishedJob = started?.finishedAt ? started.id : undefined
  const finishedOn = started?.finishedAt ? started.connectionId : undefined
  const { reload } = actions
  useEffect(() => {
    if (finishedJob !== undefined && finishedOn) void reload(finishedOn)
  }, [finishedJob, finishedOn, reload])

  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link)
      notify.success('toasts.copied')
    } catch (error) {
      notify.error(asUiError(error))
    }
  }

  return (
    <PageContainer maxWidth="5xl">
      <PageHeader title={t('nav.outreach.groups')} />
      <GroupsForm
        {...dispatch}
        onDispatchChange={setWhatsappId}
        selectedGroups={selected.length}
        onPreview={actions.preview}
        onSubmit={actions.submit}
        isSubmitting={actions.isSubmitting}
        error={actions.error}
        created={actions.created}
        onCopyLink={(link) => void copy(link)}
        directory={
          <GroupsDirectory
            groups={directory.groups ?? []}
            noConnection={!connected}
            isLoading={directory.isLoading}
            error={directory.error ? asUiError(directory.error) : null}
            onReload={directory.reload}
            selected={selected}
            onSelectedChange={setSelected}
            search={search}
            onSearchChange={setSearch}
            onCopyInvite={(group: DirectoryGroup) => group.inviteLink && void copy(group.inviteLink)}
          />
        }
      />
      <PageJobs kind={actions.started?.kind ?? 'groupMessage'} startedId={actions.started?.id} />
    </PageContainer>
  )
}

export default GroupsPage
