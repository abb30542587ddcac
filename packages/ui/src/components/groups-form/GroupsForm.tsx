import { Box, Button } from '@chakra-ui/react'
import {
  GroupCreateRequest,
  GroupDescriptionRequest,
  GroupOpenCloseRequest,
  GroupSubjectRequest,
  OUTREACH_TEXT_MAX,
  VALIDATION_MESSAGES,
} from '@desk/api-client/contract'
import { type ReactNode, useEffect, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { LuEraser } from 'react-icons/lu'
import { DispatchIdField, type DispatchIdProps } from '../../internal/outreach/DispatchIdField'
import { OutreachForm } from '../../internal/outreach/OutreachForm'
import { useT } from '../../internal/useT'
import type { UiError } from '../error-message/useErrorText'
import {
  GroupActionConfirm,
  type GroupsAction,
  type GroupsBatchAction,
} from '../group-action-confirm/GroupActionConfirm'
import { CreatedGroup, type CreatedGroupInfo } from './internal/CreatedGroup'
import { GroupTabs } from './internal/GroupTabs'
import { EMPTY_FIELDS, type GroupsFormFields, type GroupTab, toAction } from './internal/toAction'

export type { CreatedGroupInfo, GroupTab }

export type GroupsFormValues = GroupsFormFields & { ticketwhatsappId: string }

/** What an action over the chosen groups would do, as the server counts it: the confirmation's figures. */
export interface GroupsPreview {
  /** The groups it changes or posts in. */
  groups: number
  /** The people a private message reaches, each once. */
  people: number
  /** Chosen groups it skips: not administered by the connection (or gone from it). */
  notAdmin: number
  /** People left out because they opted out. */
  optedOut: number
}

export type GroupsRequest = { ticketwhatsappId: number; action: GroupsAction }

export interface GroupsFormProps extends DispatchIdProps {
  /** Starts the action; resolves true once it started, and the fields then clear. */
  onSubmit: (request: GroupsRequest) => boolean | Promise<boolean>
  /** Counts what an action over the chosen groups would do; null when that failed (the page shows why). */
  onPreview: (request: GroupsRequest & { action: GroupsBatchAction }) => Promise<GroupsPreview | null>
  /** The dispatch id as typed, once it is a whole number (the page loads that connection's groups). */
  onDispatchChange?: (id: number | null) => void
  /** How many groups are chosen in the directory. */
  selectedGroups: number
  /** The groups directory, between the dispatch id and the tabs. */
  directory?: ReactNode
  defaultValues?: Partial<GroupsFormValues>
  defaultTab?: GroupTab
  isSubmitting?: boolean
  /** A failure that names no field. */
  error?: UiError | null
  /** The group the create tab just made, with its invite link. */
  created?: CreatedGroupInfo | null
  /** Copies the new group's invite link (the page writes it to the clipboard). */
  onCopyLink?: (link: string) => void
}

const tooLong = (text: string, max: number) => text.trim().length > max

/**
 * /ZDGGroups: the dispatch connection, its groups, and the seed's six tabs. The open tab's filled fields
 * choose the action; a change to many groups or people is confirmed first, and the fields clear once it starts.
 */
export function GroupsForm(props: GroupsFormProps) {
  const t = useT()
  const { selectedGroups, onDispatchChange } = props
  const [tab, setTab] = useState<GroupTab>(props.defaultTab ?? 'update')
  const [formError, setFormError] = useState<string | null>(null)
  const [pending, setPending] = useState<{
    ticketwhatsappId: number
    action: GroupsBatchAction
    preview: GroupsPreview
  } | null>(null)
  const [isPreviewing, setPreviewing] = useState(false)
  const form = useForm<GroupsFormValues>({
    defaultValues: { ...EMPTY_FIELDS, ticketwhatsappId: '', ...props.defaultValues },
  })
  const { errors } = form.formState
  const dispatchId = useWatch({ control: form.control, name: 'ticketwhatsappId' })
  useEffect(() => {
    const id = GroupOpenCloseRequest.safeParse({ ticketwhatsappId: dispatchId.trim() })
    onDispatchChange?.(id.success ? id.data.ticketwhatsappId : null)
  }, [dispatchId, onDispatchChange])

  const clearFields = () => form.reset({ ...EMPTY_FIELDS, ticketwhatsappId: form.getValues('ticketwhatsappId') })
  const start = async (ticketwhatsappId: number, action: GroupsAction) => {
    if ((await props.onSubmit({ ticketwhatsappId, action })) === true) clearFields()
  }

  /** The field errors of an action the seed's rule accepted: lengths, and the contact of a new group. */
  const check = (action: GroupsAction) => {
    let valid = true
    const fail = (name: keyof GroupsFormFields, message: string) => {
      valid = false
      form.setError(name, { message })
    }
    if (action.kind === 'update') {
      if (action.subject && !GroupSubjectRequest.shape.subject.safeParse(action.subject).success)
        fail('titulo', VALIDATION_MESSAGES.tooLong)
      if (action.description && !GroupDescriptionRequest.shape.description.safeParse(action.description).success)
        fail('descricao', VALIDATION_MESSAGES.tooLong)
    } else if (action.kind === 'create') {
      const title = GroupCreateRequest.shape.title.safeParse(action.title)
      if (!title.success) fail('tituloNovo', title.error.issues[0]?.message ?? VALIDATION_MESSAGES.invalid)
      const contact = GroupCreateRequest.shape.contact.safeParse(action.contact)
      if (!contact.success) fail('contatoGrupo', contact.error.issues[0]?.message ?? VALIDATION_MESSAGES.invalid)
    } else if ('message' in action && tooLong(action.message, OUTREACH_TEXT_MAX)) {
      fail(action.kind === 'groupMessage' ? 'mensagemGrupo' : 'mensagemGrupoNASA', VALIDATION_MESSAGES.tooLong)
    }
    return valid
  }

  const submit = form.handleSubmit(async (values) => {
    setFormError(null)
    form.clearErrors()
    const id = GroupOpenCloseRequest.safeParse({ ticketwhatsappId: values.ticketwhatsappId.trim() })
    if (!id.success) {
      form.setError('ticketwhatsappId', {
        message: values.ticketwhatsappId.trim() ? VALIDATION_MESSAGES.invalid : VALIDATION_MESSAGES.required,
      })
      return
    }
    const action = toAction(tab, values)
    if (!action) return setFormError(t('groups.incomplete'))
    if (!check(action)) return
    const ticketwhatsappId = id.data.ticketwhatsappId
    if (action.kind === 'create') return start(ticketwhatsappId, action)
    if (selectedGroups === 0) return setFormError(t('groups.chooseGroups'))
    setPreviewing(true)
    try {
      const preview = await props.onPreview({ ticketwhatsappId, action })
      if (!preview) return
      if (action.kind === 'participantsMessage' ? preview.people === 0 : preview.groups === 0)
        return setFormError(t(action.kind === 'participantsMessage' ? 'groups.nobody' : 'groups.noneReachable'))
      setPending({ ticketwhatsappId, action, preview })
    } finally {
      setPreviewing(false)
    }
  })

  const confirm = async () => {
    if (!pending) return
    await start(pending.ticketwhatsappId, pending.action)
    setPending(null)
  }

  const error = formError ? { message: formError } : props.error
  return (
    <>
      <OutreachForm
        onSubmit={(event) => void submit(event)}
        warnings={[t('groups.pace')]}
        warningsStatus="info"
        error={error}
        submitLabel={t(`groups.submit.${tab}`)}
        isSubmitting={isPreviewing || (props.isSubmitting && !pending)}
        footer={props.created && <CreatedGroup group={props.created} onCopy={props.onCopyLink} />}
        secondaryAction={
          <Button
            variant="outline"
            colorPalette="gray"
            onClick={() => {
              clearFields()
              setFormError(null)
            }}
          >
            <LuEraser aria-hidden />
            {t('groups.reset')}
          </Button>
        }
      >
        <DispatchIdField
          connections={props.connections}
          connectionsError={props.connectionsError}
          onShowIds={props.onShowIds}
          field={form.register('ticketwhatsappId')}
          value={dispatchId}
          error={errors.ticketwhatsappId?.message}
        />
        {props.directory && (
          // Enter in the directory's search narrows the list; it never submits the form.
          <Box onKeyDown={(e) => e.key === 'Enter' && e.target instanceof HTMLInputElement && e.preventDefault()}>
            {props.directory}
          </Box>
        )}
        <GroupTabs
          tab={tab}
          onTabChange={(next) => {
            setTab(next)
            setFormError(null)
          }}
          register={form.register}
          errors={Object.fromEntries(Object.entries(errors).map(([name, value]) => [name, value?.message]))}
        />
      </OutreachForm>
      <GroupActionConfirm
        action={pending?.action ?? null}
        groups={pending?.preview.groups ?? 0}
        people={pending?.preview.people}
        notAdmin={pending?.preview.notAdmin}
        optedOut={pending?.preview.optedOut}
        isConfirming={props.isSubmitting}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
    </>
  )
}
