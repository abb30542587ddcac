import { Box, Stack, Text } from '@chakra-ui/react'
import type { MessageId } from '../../i18n'
import { useT } from '../../internal/useT'
import { ConfirmDialog } from '../confirm-dialog/ConfirmDialog'

/** What a groups form asks for, once its fields matched one of the seed's combinations. */
export type GroupsAction =
  | { kind: 'update'; subject?: string; description?: string }
  | { kind: 'create'; title: string; contact: string }
  | { kind: 'open' }
  | { kind: 'close' }
  | { kind: 'groupMessage'; message: string }
  | { kind: 'participantsMessage'; message: string }

/** The actions that act on chosen groups (all but create). */
export type GroupsBatchAction = Exclude<GroupsAction, { kind: 'create' }>

export interface GroupActionConfirmProps {
  /** The action to confirm; null keeps the dialog closed. */
  action: GroupsBatchAction | null
  /** How many groups are chosen. */
  groups: number
  /** How many different people a private message reaches (each once, however many groups they share). */
  people?: number
  /** How many chosen groups the connection does not administer: the action skips them. */
  notAdmin?: number
  /** How many people of the chosen groups opted out: a private message leaves them out. */
  optedOut?: number
  isConfirming?: boolean
  onConfirm: () => void
  onClose: () => void
}

const title = (action: GroupsBatchAction): MessageId =>
  action.kind === 'update'
    ? action.subject && action.description
      ? 'groups.confirm.updateBoth'
      : action.subject
        ? 'groups.confirm.rename'
        : 'groups.confirm.describe'
    : `groups.confirm.${action.kind}`

const verb: Record<GroupsBatchAction['kind'], MessageId> = {
  update: 'groups.confirmLabel.update',
  open: 'groups.confirmLabel.open',
  close: 'groups.confirmLabel.close',
  groupMessage: 'groups.confirmLabel.groupMessage',
  participantsMessage: 'groups.confirmLabel.participantsMessage',
}

/**
 * Says what a change to many groups will do before it starts: "Rename 14 groups to …", "Message 312 people
 * privately", with the text that goes out, the groups it will skip, and the pace.
 */
export function GroupActionConfirm(props: GroupActionConfirmProps) {
  const { action, groups, people = 0, notAdmin = 0, optedOut = 0 } = props
  const t = useT()
  const text =
    action?.kind === 'update'
      ? action.description
      : action?.kind === 'groupMessage' || action?.kind === 'participantsMessage'
        ? action.message
        : undefined
  return (
    <ConfirmDialog
      open={action !== null}
      title={
        action &&
        t(title(action), { count: groups, people, subject: action.kind === 'update' ? (action.subject ?? '') : '' })
      }
      confirmLabel={action && t(verb[action.kind])}
      destructive={action?.kind === 'update' || action?.kind === 'close'}
      isConfirming={props.isConfirming}
      onConfirm={props.onConfirm}
      onClose={props.onClose}
    >
      {action && (
        <Stack gap="3">
          {text && (
            <Box
              borderWidth="1px"
              borderRadius="l2"
              padding="3"
              color="fg"
              whiteSpace="pre-wrap"
              maxHeight="40"
              overflowY="auto"
            >
              {text}
            </Box>
          )}
          {action.kind === 'participantsMessage' && (
            <Text>{t('groups.confirm.participantsRules', { count: groups })}</Text>
          )}
          {notAdmin > 0 && <Text>{t('groups.confirm.notAdmin', { count: notAdmin })}</Text>}
          {action.kind === 'participantsMessage' && optedOut > 0 && (
            <Text>{t('groups.confirm.optedOut', { count: optedOut })}</Text>
          )}
          <Text>{t(action.kind === 'participantsMessage' ? 'groups.confirm.pacePeople' : 'groups.confirm.pace')}</Text>
        </Stack>
      )}
    </ConfirmDialog>
  )
}
