import { describe, expect, test } from 'vitest'
import { EMPTY_FIELDS, toAction } from './toAction'

const v = (fields: Partial<typeof EMPTY_FIELDS>) => ({ ...EMPTY_FIELDS, ...fields })

describe('toAction', () => {
  test('Atualizar Grupo: the title, the description, or both', () => {
    expect(toAction('update', v({ titulo: ' VIP ' }))).toEqual({ kind: 'update', subject: 'VIP' })
    expect(toAction('update', v({ descricao: 'Rules' }))).toEqual({ kind: 'update', description: 'Rules' })
    expect(toAction('update', v({ titulo: 'VIP', descricao: 'Rules' }))).toEqual({
      kind: 'update',
      subject: 'VIP',
      description: 'Rules',
    })
  })

  test('Crear Grupo needs both the title and the contact', () => {
    expect(toAction('create', v({ tituloNovo: 'New', contatoGrupo: '5511987650001' }))).toEqual({
      kind: 'create',
      title: 'New',
      contact: '5511987650001',
    })
    expect(toAction('create', v({ tituloNovo: 'New' }))).toBeNull()
  })

  test('Abrir and Cerrar Grupo need no field', () => {
    expect(toAction('open', EMPTY_FIELDS)).toEqual({ kind: 'open' })
    expect(toAction('close', EMPTY_FIELDS)).toEqual({ kind: 'close' })
  })

  test('the two messages, and blanks that match nothing', () => {
    expect(toAction('groupMessage', v({ mensagemGrupo: 'Hi' }))).toEqual({ kind: 'groupMessage', message: 'Hi' })
    expect(toAction('participantsMessage', v({ mensagemGrupoNASA: 'Hi' }))).toEqual({
      kind: 'participantsMessage',
      message: 'Hi',
    })
    expect(toAction('groupMessage', v({ mensagemGrupo: '   ' }))).toBeNull()
    expect(toAction('update', EMPTY_FIELDS)).toBeNull()
  })

  test("only the open tab's fields count", () => {
    expect(toAction('groupMessage', v({ titulo: 'VIP', mensagemGrupo: 'Hi' }))).toEqual({
      kind: 'groupMessage',
      message: 'Hi',
    })
  })
})
