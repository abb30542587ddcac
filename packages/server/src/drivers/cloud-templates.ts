import {
  type ErrorCode,
  type TemplateHeaderFormat,
  type TemplateParts,
  type TemplateValues,
  templateVariables,
} from '@desk/api-client'

/**
 * The pure parts of message templates on the Cloud API: a template as the Graph API lists it, in the desk's
 * terms; the components of a template send; and what a refused send means. No network, no state.
 */

/** One template as `GET /{waba-id}/message_templates` lists it. */
export interface GraphTemplate {
  id?: string
  name?: string
  language?: string
  category?: string
  status?: string
  rejected_reason?: string
  components?: GraphComponent[]
}

interface GraphComponent {
  type?: string
  format?: string
  text?: string
  buttons?: Array<{ type?: string; text?: string; url?: string; phone_number?: string; example?: string[] }>
  example?: {
    header_text?: string[]
    body_text?: string[][]
    header_text_named_params?: Array<{ param_name?: string; example?: string }>
    body_text_named_params?: Array<{ param_name?: string; example?: string }>
  }
}

const HEADER_FORMATS: readonly TemplateHeaderFormat[] = ['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT', 'LOCATION']

/** A Graph API template's components as parts, with the examples it was approved with by variable key. */
export const templatePartsFromGraph = (components: readonly GraphComponent[] = []): TemplateParts => {
  const find = (type: string) => components.find((c) => c.type?.toUpperCase() === type)
  const header = find('HEADER')
  const body = find('BODY')
  const footer = find('FOOTER')
  const buttons = find('BUTTONS')?.buttons ?? []
  const examples: Record<string, string> = {}
  const numbered = (prefix: string, list: readonly string[] | undefined) =>
    list?.forEach((value, i) => {
      examples[`${prefix}.${i + 1}`] = value
    })
  const named = (prefix: string, list: ReadonlyArray<{ param_name?: string; example?: string }> | undefined) =>
    list?.forEach(({ param_name, example }) => {
      if (param_name && example !== undefined) examples[`${prefix}.${param_name}`] = example
    })
  numbered('header', header?.example?.header_text)
  named('header', header?.example?.header_text_named_params)
  numbered('body', body?.example?.body_text?.[0])
  named('body', body?.example?.body_text_named_params)
  for (const [i, b] of buttons.entries()) numbered(`button.${i}`, b.example)
  const format = (header?.format?.toUpperCase() ?? 'TEXT') as TemplateHeaderFormat
  return {
    header: header ? { format: HEADER_FORMATS.includes(format) ? format : 'TEXT', text: header.text ?? null } : null,
    body: body?.text ?? '',
    footer: footer?.text ?? null,
    buttons: buttons.map((b) => ({
      type: (b.type ?? 'QUICK_REPLY').toUpperCase(),
      text: b.text ?? '',
      url: b.url ?? null,
      phoneNumber: b.phone_number ?? null,
    })),
    examples,
  }
}

const textParameter = (name: string, text: string) =>
  /^\d+$/.test(name) ? { type: 'text', text } : { type: 'text', parameter_name: name, text }

/**
 * The `components` of a template send: the header's variable or media, the body's variables in order, and
 * each URL button's suffix. Parameters go in the order the template names them; named ones carry their name.
 */
export const templateSendComponents = (parts: TemplateParts, values: TemplateValues, headerMediaUrl?: string) => {
  const variables = templateVariables(parts)
  const components: Array<Record<string, unknown>> = []
  const media = parts.header?.format.toLowerCase()
  if (parts.header && parts.header.format !== 'TEXT' && parts.header.format !== 'LOCATION' && headerMediaUrl) {
    components.push({ type: 'header', parameters: [{ type: media, [media as string]: { link: headerMediaUrl } }] })
  }
  const header = variables.filter((v) => v.part === 'header')
  if (header.length) {
    components.push({ type: 'header', parameters: header.map((v) => textParameter(v.name, values[v.key] ?? '')) })
  }
  const body = variables.filter((v) => v.part === 'body')
  if (body.length) {
    components.push({ type: 'body', parameters: body.map((v) => textParameter(v.name, values[v.key] ?? '')) })
  }
  for (const v of variables.filter((v) => v.part === 'button')) {
    components.push({
      type: 'button',
      sub_type: 'url',
      index: String(v.buttonIndex),
      parameters: [{ type: 'text', text: values[v.key] ?? '' }],
    })
  }
  return components
}

/** Re-engagement: the customer last wrote more than 24 hours ago, only a template goes through. */
export const REPLY_WINDOW_GRAPH_CODE = 131047

/**
 * What a send the Graph API refused means to the agent: the window closed (131047), a template paused or
 * disabled (132015, 132016), a template or its parameters refused (the rest of the 132000 range); null for
 * any other refusal (the generic send error).
 */
export const graphRefusalCode = (graphCode: number | undefined): ErrorCode | null => {
  if (graphCode === REPLY_WINDOW_GRAPH_CODE) return 'ERR_REPLY_WINDOW_CLOSED'
  if (graphCode === 132015 || graphCode === 132016) return 'ERR_TEMPLATE_PAUSED'
  if (graphCode !== undefined && graphCode >= 132000 && graphCode < 133000) return 'ERR_TEMPLATE_REFUSED'
  return null
}
