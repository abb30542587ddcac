import { type GroupCall, type GroupsForm, resolveGroupCalls } from '@desk/api-client/contract'
import type { GroupsAction } from '../../group-action-confirm/GroupActionConfirm'

/** The six tabs, in the seed's order. */
export const GROUP_TABS = ['update', 'create', 'open', 'close', 'groupMessage', 'participantsMessage'] as const
export type GroupTab = (typeof GROUP_TABS)[number]

/** The text fields of the six tabs, under the seed's names. */
export interface GroupsFormFields {
  titulo: string
  descricao: string
  tituloNovo: string
  contatoGrupo: string
  mensagemGrupo: string
  mensagemGrupoNASA: string
}

export const EMPTY_FIELDS: GroupsFormFields = {
  titulo: '',
  descricao: '',
  tituloNovo: '',
  contatoGrupo: '',
  mensagemGrupo: '',
  mensagemGrupoNASA: '',
}

/** What the open tab contributes: its own fields, or the seed's ABRIR / CERRAR type. */
const tabForm = (tab: GroupTab, v: GroupsFormFields): GroupsForm => {
  switch (tab) {
    case 'update':
      return { titulo: v.titulo, descricao: v.descricao }
    case 'create':
      return { tituloNovo: v.tituloNovo, contatoGrupo: v.contatoGrupo }
    case 'open':
      return { abrirGrupo: true }
    case 'close':
      return { fecharGrupo: true }
    case 'groupMessage':
      return { mensagemGrupo: v.mensagemGrupo }
    case 'participantsMessage':
      return { mensagemGrupoNASA: v.mensagemGrupoNASA }
  }
}

const fromCalls = (calls: GroupCall[]): GroupsAction | null => {
  const [first] = calls
  if (!first) return null
  switch (first.path) {
    case '/zdgGroups':
    case '/zdgGroupsDescription': {
      const action: GroupsAction = { kind: 'update' }
      for (const call of calls) {
        if (call.path === '/zdgGroups') action.subject = call.body.subject
        if (call.path === '/zdgGroupsDescription') action.description = call.body.description
      }
      return action
    }
    case '/zdgGroupsCreate':
      return { kind: 'create', ...first.body }
    case '/zdgOpenGroup':
      return { kind: 'open' }
    case '/zdgCloseGroup':
      return { kind: 'close' }
    case '/zdgGroupsMessage':
      return 'newMessageGroup' in first.body
        ? { kind: 'groupMessage', message: first.body.newMessageGroup }
        : { kind: 'participantsMessage', message: first.body.newMessAgeGroupNasa }
  }
}

/**
 * The open tab's action, chosen by which of its fields are filled (the seed's rule, `resolveGroupCalls`); null
 * when they match no combination: the page then says so and sends nothing.
 */
export const toAction = (tab: GroupTab, values: GroupsFormFields): GroupsAction | null =>
  fromCalls(resolveGroupCalls(tabForm(tab, values)))
