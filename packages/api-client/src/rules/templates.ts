/**
 * WhatsApp message templates (the Cloud API): which variables a template has, how it reads once they are
 * filled (the preview the agent sees is what the customer gets, and what the conversation keeps), and what
 * the desk can prefill. Shared by the server, which sends and stores templates, and the app's picker.
 */

export type TemplateHeaderFormat = 'TEXT' | 'IMAGE' | 'VIDEO' | 'DOCUMENT' | 'LOCATION'

export interface TemplateButtonPart {
  /** `QUICK_REPLY`, `URL`, `PHONE_NUMBER`, `COPY_CODE` … as the Graph API names them. */
  type: string
  text: string
  /** A URL button's address, with at most one `{{1}}` at its end. */
  url?: string | null
  phoneNumber?: string | null
}

/** A template's parts as the customer sees them, with `{{1}}` (or `{{name}}`) where a variable goes. */
export interface TemplateParts {
  header: { format: TemplateHeaderFormat; text: string | null } | null
  body: string
  footer: string | null
  buttons: TemplateButtonPart[]
  /** The examples the template was approved with, by variable key (`body.1`, `header.1`, `button.0.1`). */
  examples?: Record<string, string>
}

export type TemplateVariablePart = 'header' | 'body' | 'button'

/** One value a template needs: `{{1}}` in the body is `body.1`; a URL button's is `button.<index>.1`. */
export interface TemplateVariable {
  key: string
  part: TemplateVariablePart
  /** As written between the braces: a position (`1`) or a name (`first_name`). */
  name: string
  /** The button's position, for button variables; null otherwise. */
  buttonIndex: number | null
  example: string | null
}

const VARIABLE = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g

const namesIn = (text: string | null | undefined): string[] => {
  const names: string[] = []
  for (const match of (text ?? '').matchAll(VARIABLE)) if (!names.includes(match[1]!)) names.push(match[1]!)
  return names
}

/** The variables of a template in the order the Graph API takes them: header, body, then buttons. */
export function templateVariables(parts: TemplateParts): TemplateVariable[] {
  const example = (key: string) => parts.examples?.[key] ?? null
  const of = (part: TemplateVariablePart, text: string | null | undefined, buttonIndex: number | null = null) =>
    namesIn(text).map((name): TemplateVariable => {
      const key = buttonIndex === null ? `${part}.${name}` : `${part}.${buttonIndex}.${name}`
      return { key, part, name, buttonIndex, example: example(key) }
    })
  return [
    ...(parts.header?.format === 'TEXT' ? of('header', parts.header.text) : []),
    ...of('body', parts.body),
    ...parts.buttons.flatMap((button, index) => (button.type === 'URL' ? of('button', button.url, index) : [])),
  ]
}

/** Values by variable key; a missing or blank one shows as written (`{{1}}`). */
export type TemplateValues = Record<string, string>

const fill = (text: string, prefix: string, values: TemplateValues) =>
  text.replace(VARIABLE, (whole, name: string) => {
    const value = values[`${prefix}.${name}`]
    return value?.trim() ? value : whole
  })

export interface RenderedTemplate {
  header: { format: TemplateHeaderFormat; text: string | null } | null
  body: string
  footer: string | null
  buttons: Array<{ type: string; text: string; url: string | null }>
}

/** The template as the customer will see it with these values. */
export function renderTemplate(parts: TemplateParts, values: TemplateValues): RenderedTemplate {
  return {
    header: parts.header
      ? {
          format: parts.header.format,
          text: parts.header.text === null ? null : fill(parts.header.text, 'header', values),
        }
      : null,
    body: fill(parts.body, 'body', values),
    footer: parts.footer,
    buttons: parts.buttons.map((b, i) => ({
      type: b.type,
      text: b.text,
      url: b.url ? fill(b.url, `button.${i}`, values) : null,
    })),
  }
}

/**
 * The text the conversation keeps of a sent template: a text header in bold, the body, the footer in
 * italics (WhatsApp's own marks), each a paragraph.
 */
export function templateText(parts: TemplateParts, values: TemplateValues): string {
  const shown = renderTemplate(parts, values)
  return [
    shown.header?.text ? `*${shown.header.text}*` : null,
    shown.body,
    shown.footer ? `_${shown.footer}_` : null,
    ...shown.buttons.map((b) => `[${b.text}]`),
  ]
    .filter((part): part is string => Boolean(part))
    .join('\n\n')
}

/** The keys of variables still without a value. */
export function missingTemplateVariables(variables: readonly TemplateVariable[], values: TemplateValues): string[] {
  return variables.filter((v) => !values[v.key]?.trim()).map((v) => v.key)
}

/** What the desk knows of a conversation that a template's variables may be filled from. */
export interface TemplatePrefillSource {
  /** The contact's name. */
  name?: string
  /** The agent's name. */
  user?: string
  /** Today, as quick answers write it. */
  date?: string
  hour?: string
  /** The ticket's protocol number. */
  protocol?: string
  ticket_id?: string
  queue?: string
  connection?: string
}

/** Variable names (named templates) that mean one of the desk's values. */
const ALIASES: Record<keyof TemplatePrefillSource, string[]> = {
  name: ['name', 'first_name', 'customer_name', 'customer', 'client_name', 'contact_name', 'nome', 'nombre'],
  user: ['user', 'agent', 'agent_name', 'attendant', 'atendente', 'agente'],
  date: ['date', 'data', 'fecha', 'today'],
  hour: ['hour', 'time', 'hora'],
  protocol: ['protocol', 'protocolo', 'protocol_number', 'ticket_number'],
  ticket_id: ['ticket_id', 'ticket'],
  queue: ['queue', 'department', 'fila'],
  connection: ['connection', 'company', 'business'],
}

/**
 * The values the picker starts with: a named variable takes the desk's value of the same meaning
 * (`first_name` the contact's name, `protocol` the ticket's protocol …); a numbered template's first body
 * variable, by the usual convention the greeting's name, takes the contact's name. Others start empty.
 */
export function templatePrefills(
  variables: readonly TemplateVariable[],
  source: TemplatePrefillSource,
): TemplateValues {
  const values: TemplateValues = {}
  for (const variable of variables) {
    const name = variable.name.toLowerCase()
    const meaning = (Object.keys(ALIASES) as Array<keyof TemplatePrefillSource>).find((key) =>
      ALIASES[key].includes(name),
    )
    const value = meaning ? source[meaning] : variable.key === 'body.1' ? source.name : undefined
    if (value) values[variable.key] = value
  }
  return values
}
