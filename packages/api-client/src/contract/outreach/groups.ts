import { z } from 'zod'
import { digitsOnly } from '../common'
import { requiredString, VALIDATION_MESSAGES } from '../validation'
import { dispatch } from './internal'
import { OUTREACH_TEXT_MAX, toRecipientAddress } from './numbers'

/** Groups (/ZDGGroups); each call runs over the groups the connection administers. */

const m = VALIDATION_MESSAGES

/** `POST /zdgGroups`: new subject. */
export const GroupSubjectRequest = z.object({ ...dispatch, subject: requiredString(100) })
export type GroupSubjectRequest = z.input<typeof GroupSubjectRequest>
/** `POST /zdgGroupsDescription`. */
export const GroupDescriptionRequest = z.object({ ...dispatch, description: requiredString(2048) })
export type GroupDescriptionRequest = z.input<typeof GroupDescriptionRequest>
/** `POST /zdgGroupsCreate`: a new group with one participant; `contact` becomes `{digits}@c.us`. */
export const GroupCreateRequest = z.object({
  ...dispatch,
  title: requiredString(100),
  contact: requiredString(100)
    .refine((v) => digitsOnly(v.replace(/@c\.us$/i, '')).length >= 8, { error: m.invalid })
    .transform((v) => toRecipientAddress(v)),
})
export type GroupCreateRequest = z.input<typeof GroupCreateRequest>
/**
 * `POST /zdgGroupsMessage`: `newMessageGroup` posts in every group; the seed's
 * `newMessAgeGroupNasa` (spelling kept) messages every participant privately.
 * Exactly one of the two.
 */
export const GroupMessageRequest = z
  .object({
    ...dispatch,
    newMessageGroup: requiredString(OUTREACH_TEXT_MAX).optional(),
    newMessAgeGroupNasa: requiredString(OUTREACH_TEXT_MAX).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.newMessageGroup === !v.newMessAgeGroupNasa) {
      ctx.addIssue({ code: 'custom', path: ['newMessageGroup'], message: m.required })
    }
  })
  .transform(({ newMessageGroup, newMessAgeGroupNasa, ...rest }) => ({
    ...rest,
    target: newMessageGroup ? ('groups' as const) : ('participants' as const),
    message: (newMessageGroup ?? newMessAgeGroupNasa) as string,
  }))
export type GroupMessageRequest = z.input<typeof GroupMessageRequest>
export type GroupMessageData = z.output<typeof GroupMessageRequest>
/** `POST /zdgOpenGroup` and `POST /zdgCloseGroup`: everyone may write / only admins may write. */
export const GroupOpenCloseRequest = z.object(dispatch)
export type GroupOpenCloseRequest = z.input<typeof GroupOpenCloseRequest>

/** The fields of the six group tabs, as the page holds them. */
export type GroupsForm = {
  titulo?: string
  descricao?: string
  tituloNovo?: string
  contatoGrupo?: string
  mensagemGrupo?: string
  mensagemGrupoNASA?: string
  abrirGrupo?: boolean
  fecharGrupo?: boolean
}

export type GroupCall =
  | { path: '/zdgGroups'; body: { subject: string } }
  | { path: '/zdgGroupsDescription'; body: { description: string } }
  | { path: '/zdgGroupsCreate'; body: { title: string; contact: string } }
  | { path: '/zdgGroupsMessage'; body: { newMessageGroup: string } | { newMessAgeGroupNasa: string } }
  | { path: '/zdgOpenGroup' | '/zdgCloseGroup'; body: Record<string, never> }

/**
 * Chooses the group action from which fields are filled (seed 001 §5): only titulo;
 * only descricao; both (two calls); tituloNovo with contatoGrupo; only mensagemGrupo;
 * only abrirGrupo; only fecharGrupo; only mensagemGrupoNASA. Anything else → `[]`,
 * and the page shows "Complete los campos correctamente, no se realizó ninguna acción."
 * The dispatch id and token are added by the caller.
 */
export const resolveGroupCalls = (form: GroupsForm): GroupCall[] => {
  const text = (v?: string) => v?.trim() ?? ''
  const filled = Object.entries({
    titulo: text(form.titulo),
    descricao: text(form.descricao),
    tituloNovo: text(form.tituloNovo),
    contatoGrupo: text(form.contatoGrupo),
    mensagemGrupo: text(form.mensagemGrupo),
    mensagemGrupoNASA: text(form.mensagemGrupoNASA),
    abrirGrupo: form.abrirGrupo ? 'on' : '',
    fecharGrupo: form.fecharGrupo ? 'on' : '',
  })
    .filter(([, v]) => v !== '')
    .map(([k]) => k)
    .sort()
    .join(',')
  const f = (v?: string) => text(v)
  switch (filled) {
    case 'titulo':
      return [{ path: '/zdgGroups', body: { subject: f(form.titulo) } }]
    case 'descricao':
      return [{ path: '/zdgGroupsDescription', body: { description: f(form.descricao) } }]
    case 'descricao,titulo':
      return [
        { path: '/zdgGroups', body: { subject: f(form.titulo) } },
        { path: '/zdgGroupsDescription', body: { description: f(form.descricao) } },
      ]
    case 'contatoGrupo,tituloNovo':
      return [{ path: '/zdgGroupsCreate', body: { title: f(form.tituloNovo), contact: f(form.contatoGrupo) } }]
    case 'mensagemGrupo':
      return [{ path: '/zdgGroupsMessage', body: { newMessageGroup: f(form.mensagemGrupo) } }]
    case 'mensagemGrupoNASA':
      return [{ path: '/zdgGroupsMessage', body: { newMessAgeGroupNasa: f(form.mensagemGrupoNASA) } }]
    case 'abrirGrupo':
      return [{ path: '/zdgOpenGroup', body: {} }]
    case 'fecharGrupo':
      return [{ path: '/zdgCloseGroup', body: {} }]
    default:
      return []
  }
}
