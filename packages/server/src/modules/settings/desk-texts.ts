import { DESK_LANGUAGE_SETTING, deskLanguage, type Locale } from '@desk/api-client'
import type { Executor } from '../../db'
import { findSettingValue } from './repository'

/** A moment as the e-mails state it: the day and the time in UTC, apart. */
export interface Moment {
  date: string
  time: string
}

/** What a closing summary says about the ticket. */
export interface SummaryFacts {
  contact: string
  ticketId: number
  closed: Moment
  agent?: string | null
  queue?: string | null
  protocol?: string | null
}

/** Every text the server writes to customers or in e-mails, in one language. */
export interface DeskTexts {
  protocolMessage: (protocol: string) => string
  closeSubject: (ticketId: number, protocol?: string | null) => string
  hello: (contact: string) => string
  closedOn: (ticketId: number, at: Moment) => string
  attendedBy: (agent: string) => string
  department: (queue: string) => string
  protocolNumber: (protocol: string) => string
  thanks: string
  conversationSubject: (ticketId: number, contact: string) => string
  conversationAttached: string
  testSubject: string
  testText: string
  /** `{{ms}}` in quick answers the server sends: the greeting for the part of the day. */
  greetings: { morning: string; afternoon: string; evening: string }
}

/** The table: one entry per desk language (the setting `language`). */
export const DESK_TEXTS: Record<Locale, DeskTexts> = {
  en: {
    protocolMessage: (p) => `Your attendance protocol number is ${p}.`,
    closeSubject: (id, p) => `Conversation #${id} closed${p ? ` - protocol ${p}` : ''}`,
    hello: (name) => `Hello ${name},`,
    closedOn: (id, at) => `Your conversation #${id} with us was closed on ${at.date} at ${at.time} UTC.`,
    attendedBy: (name) => `Attended by: ${name}`,
    department: (name) => `Department: ${name}`,
    protocolNumber: (p) => `Protocol number: ${p}`,
    thanks: 'Thank you for contacting us.',
    conversationSubject: (id, name) => `Conversation #${id} - ${name}`,
    conversationAttached: 'The conversation is attached.',
    testSubject: 'LimeDesk test e-mail',
    testText: 'Your desk can send e-mail.',
    greetings: { morning: 'Good morning', afternoon: 'Good afternoon', evening: 'Good evening' },
  },
  'pt-BR': {
    protocolMessage: (p) => `O número de protocolo do seu atendimento é ${p}.`,
    closeSubject: (id, p) => `Conversa #${id} encerrada${p ? ` - protocolo ${p}` : ''}`,
    hello: (name) => `Olá ${name},`,
    closedOn: (id, at) => `Sua conversa #${id} conosco foi encerrada em ${at.date} às ${at.time} UTC.`,
    attendedBy: (name) => `Atendido por: ${name}`,
    department: (name) => `Setor: ${name}`,
    protocolNumber: (p) => `Número de protocolo: ${p}`,
    thanks: 'Obrigado por entrar em contato.',
    conversationSubject: (id, name) => `Conversa #${id} - ${name}`,
    conversationAttached: 'A conversa segue em anexo.',
    testSubject: 'E-mail de teste do LimeDesk',
    testText: 'Seu atendimento consegue enviar e-mails.',
    greetings: { morning: 'Bom dia', afternoon: 'Boa tarde', evening: 'Boa noite' },
  },
  es: {
    protocolMessage: (p) => `El número de protocolo de su atención es ${p}.`,
    closeSubject: (id, p) => `Conversación #${id} cerrada${p ? ` - protocolo ${p}` : ''}`,
    hello: (name) => `Hola ${name},`,
    closedOn: (id, at) => `Su conversación #${id} con nosotros se cerró el ${at.date} a las ${at.time} UTC.`,
    attendedBy: (name) => `Atendido por: ${name}`,
    department: (name) => `Departamento: ${name}`,
    protocolNumber: (p) => `Número de protocolo: ${p}`,
    thanks: 'Gracias por contactarnos.',
    conversationSubject: (id, name) => `Conversación #${id} - ${name}`,
    conversationAttached: 'La conversación va adjunta.',
    testSubject: 'Correo de prueba de LimeDesk',
    testText: 'Su mesa de atención puede enviar correos.',
    greetings: { morning: 'Buenos días', afternoon: 'Buenas tardes', evening: 'Buenas noches' },
  },
}

/** `2026-11-24T21:30:05Z` → the day and `21:30`. */
export const momentOf = (iso: string): Moment => ({ date: iso.slice(0, 10), time: iso.slice(11, 16) })

/** The closing summary's lines: greeting, when, who, where, the protocol, thanks. */
export const summaryText = (texts: DeskTexts, facts: SummaryFacts) =>
  [
    texts.hello(facts.contact),
    '',
    texts.closedOn(facts.ticketId, facts.closed),
    ...(facts.agent ? [texts.attendedBy(facts.agent)] : []),
    ...(facts.queue ? [texts.department(facts.queue)] : []),
    ...(facts.protocol ? [texts.protocolNumber(facts.protocol)] : []),
    '',
    texts.thanks,
  ].join('\n')

/** The texts in the desk's language, read from the settings at the moment of writing. */
export const deskTexts = async (db: Executor): Promise<DeskTexts> =>
  DESK_TEXTS[deskLanguage(await findSettingValue(db, DESK_LANGUAGE_SETTING))]
